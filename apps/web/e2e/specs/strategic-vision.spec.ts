/// <reference types="node" />
import type { Page } from "@playwright/test";
import { ArchivePage } from "../pages/archive.ts";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { type Lang, t } from "../support/i18n.ts";
import type { SpecSchool } from "../support/school.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 14 §1, as the Director of a colegio-demo copy: the dashboard shows this period against the last in Spanish
 * and English, on a desktop and a phone; a click on a bar (or on its row in the table alternative) opens the
 * archive listing exactly that many incidents; axe finds nothing; a family cannot reach the screen.
 */

interface Bar {
  key: string;
  label: string;
  value: number;
  link: string;
}
interface Dashboard {
  range: { period: { name: string } | null; previous: { name: string } | null };
  incidents: { current: { value: number } };
  breakdowns: Record<"type" | "place" | "category", Bar[]>;
}

const sv = (lang: Lang, key: string, params: Record<string, string | number> = {}) =>
  t(lang, `strategicVision:${key}`, params);

/** The card (section) titled `title`. */
const card = (page: Page, title: string) => page.getByRole("main").getByRole("region", { name: title, exact: true });

async function dashboardOf(email: string, schoolId: string) {
  const session = await apiLogin(email);
  return (await call<{ data: Dashboard }>("/api/strategic-vision", { token: session.token, schoolId })).data;
}

/** Signs in with the privacy notice already accepted (it has its own specs), then opens the dashboard. */
async function openDashboard(page: Page, school: SpecSchool, lang: Lang) {
  const { session } = await signInWithStorage(page, school.director, { language: lang, to: "/logo-convive.svg" });
  await call(`/api/users/${session.userId}`, {
    method: "POST",
    token: session.token,
    schoolId: school.id,
    body: { privacy_notice_viewed: 1 },
  });
  await page.goto("/strategic-vision");
}

/** The archive's "1–N de N incidencias" for exactly `count` incidents. */
async function expectArchiveCount(page: Page, lang: Lang, count: number) {
  await expect(page).toHaveURL(/\/incident-details\?/);
  const archive = new ArchivePage(page, lang);
  const of = lang === "es" ? "de" : "of";
  await expect(archive.summary).toHaveText(new RegExp(`–${Math.min(count, 25)} ${of} ${count} `));
}

for (const lang of ["es", "en"] as const) {
  test(`the director reads the dashboard in ${lang} on a desktop and opens a bar's incidents`, async ({
    page,
    school,
  }, testInfo) => {
    test.setTimeout(120_000);
    const d = await dashboardOf(school.director, school.id);
    expect(d.range.period).not.toBeNull();
    await openDashboard(page, school, lang);
    const main = page.getByRole("main");
    await expect(main.getByText(sv(lang, "kpi.incidents"), { exact: true }).first()).toBeVisible({ timeout: 30_000 });
    await expect(main.getByText(d.range.period!.name, { exact: false }).first()).toBeVisible();
    if (d.range.previous)
      await expect(
        main.getByText(sv(lang, "comparedWith", { name: d.range.previous.name }), { exact: false }),
      ).toBeVisible();
    await expect(card(page, sv(lang, "by.type")).locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expectNoViolations(page, testInfo, `strategic-vision-${lang}-1280`);
    await screenshot(page, `strategic-vision-${lang}-1280`);

    // The first bar of "by type" is the type with most incidents: clicking it lists exactly those.
    const top = d.breakdowns.type[0]!;
    await card(page, sv(lang, "by.type"))
      .locator(".recharts-bar-rectangle path, .recharts-bar-rectangle")
      .first()
      .click();
    await expectArchiveCount(page, lang, top.value);
  });

  test(`the director reads the dashboard in ${lang} on a phone and opens a row of a chart's table`, async ({
    page,
    school,
  }, testInfo) => {
    test.setTimeout(120_000);
    await resizeTo(page, { width: 390, height: 844 });
    const d = await dashboardOf(school.director, school.id);
    await openDashboard(page, school, lang);
    const places = card(page, sv(lang, "by.place"));
    await expect(places).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(page, testInfo, `strategic-vision-${lang}-390`);
    await screenshot(page, `strategic-vision-${lang}-390`);
    // The table alternative: a screen reader's way in, every figure a link.
    await places.getByRole("button", { name: sv(lang, "showTable") }).click();
    const table = places.getByRole("table");
    await expect(table).toBeVisible();
    const place = d.breakdowns.place[0]!;
    await expect(table.getByRole("rowheader", { name: place.label })).toBeVisible();
    await expectNoViolations(page, testInfo, `strategic-vision-${lang}-390-table`);
    await table
      .getByRole("link", {
        name: sv(lang, place.value === 1 ? "openIncidentsOf_one" : "openIncidentsOf_other", {
          count: place.value,
          label: place.label,
        }),
      })
      .click();
    await expectArchiveCount(page, lang, place.value);
    await expect(page.getByText(`${lang === "es" ? "Lugar" : "Place"}: ${place.label}`)).toBeVisible();
  });
}

test("a family cannot open the strategic vision", async ({ page, school }) => {
  const mother = await apiLogin(school.familia);
  const refused = await call("/api/strategic-vision", { token: mother.token, schoolId: school.id }).catch(
    (error: { status?: number }) => error.status,
  );
  expect(refused).toBe(403);
  await signInWithStorage(page, school.familia, { language: "es", to: "/strategic-vision" });
  await expect(page).toHaveURL(/page-not-found|\/strategic-vision/);
  await expect(page.getByRole("main").getByText(t("es", "strategicVision:kpi.incidents"), { exact: true })).toHaveCount(
    0,
  );
});
