/// <reference types="node" />
import type { Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { screenshot } from "../../support/screenshot.ts";
import { switchLanguageInPlace } from "../../support/switch-language.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 30 §5: the Director opens Master configuration → Data retention, keeps incidents 3 years instead of 5, saves,
 * and reads the retention log — in Spanish, then English; screenshots at 1280 and 390 px, axe-core clean.
 */
const es = (key: string, params?: Record<string, string | number>) => t("es", `retention:${key}`, params);
const en = (key: string, params?: Record<string, string | number>) => t("en", `retention:${key}`, params);

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await resizeTo(page, width === 390 ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  await screenshot(page, `${name}-${width}`);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

test("the Director changes a retention period and reads the retention log", async ({ page, school }, testInfo) => {
  test.setTimeout(90_000);
  await resizeTo(page, { width: 1280, height: 800 });
  await signInWithStorage(page, school.director, { language: "es", to: "/master-configuration/data-retention" });
  await expect(page.getByRole("heading", { name: "Conservación de datos", level: 1 })).toBeVisible({ timeout: 30_000 });

  const incidents = page.getByRole("textbox", { name: `${es("category_incidents")} · ${es("years")}` });
  await expect(incidents).toHaveValue("5");
  await incidents.fill("3");
  await page.getByRole("button", { name: es("save") }).click();
  await expect(toast(page, es("saved")).last()).toBeVisible();
  await expect(page.getByRole("region", { name: es("log") }).getByText(es("logEmpty"))).toBeVisible();
  await check(page, testInfo, "data-retention-es", 1280);
  await check(page, testInfo, "data-retention-es", 390);

  // What the server keeps, as any client reads it.
  const director = await apiLogin(school.director);
  const { data } = await call<{ data: { categories: { category: string; years: number }[] } }>(
    "/api/retention/settings",
    { token: director.token, schoolId: school.id },
  );
  expect(data.categories.find((c) => c.category === "incidents")?.years).toBe(3);

  await switchLanguageInPlace(page, "en");
  await expect(page.getByRole("textbox", { name: `${en("category_incidents")} · ${en("years")}` })).toHaveValue("3");
  await expect(page.getByRole("region", { name: en("log") }).getByText(en("logEmpty"))).toBeVisible();
  await check(page, testInfo, "data-retention-en", 390);
  await check(page, testInfo, "data-retention-en", 1280);
});
