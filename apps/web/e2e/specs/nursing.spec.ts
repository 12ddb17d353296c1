/// <reference types="node" />
import type { Page, TestInfo } from "@playwright/test";
import { ApiCallError, apiLogin, call } from "../support/api.ts";
import { expectNoSidewaysScroll, expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import type { SpecSchool } from "../support/school.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 29 "done when", nursing: the nurse records a visit for Diego on /nursing and his mother is notified at once
 * — she reads it on her phone (390 px) and opens the visit in his file; Diego's teacher sees his allergy alert in
 * his file but not his record, in English. Screenshots at 390 and 1280 px, axe-core clean, nothing off a phone's edge.
 */

const SIZE = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } } as const;
const es = (key: string, params?: Record<string, string | number>) => t("es", `nursing:${key}`, params);
const en = (key: string, params?: Record<string, string | number>) => t("en", `nursing:${key}`, params);
const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await screenshot(page, `${name}-${width}`, false);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

/** The accounts accept the privacy notice through the API: its dialog would otherwise take the first click. */
async function acceptNotice(school: SpecSchool, ...emails: string[]) {
  for (const email of emails) {
    const who = await apiLogin(email);
    await call(`/api/users/${who.userId}`, {
      method: "POST",
      token: who.token,
      schoolId: school.id,
      body: { privacy_notice_viewed: 1 },
    });
  }
}

async function diegoOf(school: SpecSchool) {
  const nurse = await apiLogin(school.email("enfermeria1"));
  const { data } = await call<{ data: { id: number; name: string }[] }>(
    `/api/nursing/students?q=${encodeURIComponent("Diego Ramírez")}`,
    { token: nurse.token, schoolId: school.id },
  );
  const diego = data.find((s) => s.name.startsWith("Diego Ramírez"));
  if (!diego) throw new Error("Diego is not in the nurse's search");
  return diego;
}

test("the nurse records a visit for Diego and his mother is notified at once, on her phone", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(240_000);
  const nurse = school.email("enfermeria1");
  await acceptNotice(school, nurse, school.familia);
  const diego = await diegoOf(school);

  // The nurse lands on her desk; she finds Diego, sees his critical allergy, records a visit in a few taps.
  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, nurse, { language: "es" });
  await expect(page).toHaveURL(/\/nursing/, { timeout: 30_000 });
  const search = page.getByRole("searchbox", { name: es("page.search") });
  await expect(search).toBeVisible({ timeout: 30_000 });
  await search.fill("Diego Ram");
  await page.getByTestId("nursing-student-option").filter({ hasText: "Diego" }).first().click();
  const file = page.getByTestId("nursing-file");
  await expect(file.getByText(es("alert.allergy", { name: "Cacahuate" })).first()).toBeVisible();
  await file.getByRole("button", { name: es("file.recordVisit") }).click();
  const visit = page.getByRole("dialog", { name: es("visit.title", { name: diego.name }) });
  await visit.getByTestId("visit-reasons").getByText("Dolor de cabeza").click();
  await visit.getByRole("textbox", { name: es("visit.treatment") }).fill("Reposo y agua, 15 minutos.");
  await visit.getByTestId("visit-outcomes").getByText("Regresó a clase").click();
  await check(page, testInfo, "nursing-visit-es", 1280);
  await visit.getByRole("button", { name: es("visit.submit") }).click();
  await expect(toast(page, es("visit.saved")).last()).toBeVisible();
  const today = page.getByTestId("nursing-today");
  await expect(today.getByTestId("nursing-visit").filter({ hasText: "Dolor de cabeza" }).first()).toContainText(
    "Familia avisada",
  );
  await check(page, testInfo, "nursing-desk-es", 1280);
  await resizeTo(page, SIZE[390]);
  await check(page, testInfo, "nursing-desk-es", 390);

  // The mother, on her phone: the notice is there at once; it opens the visit in Diego's Nursing tab.
  await page.context().clearCookies();
  await signInWithStorage(page, school.familia, { language: "es", to: "/notifications" });
  const notice = page.getByText(`${diego.name} pasó a enfermería`, { exact: false }).first();
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await notice.scrollIntoViewIfNeeded();
  await check(page, testInfo, "nursing-family-notice-es", 390);
  await page.goto(`/notifications?student=${diego.id}&fileTab=nursing`);
  const tab = fileDialog(page).getByTestId("nursing-file");
  await expect(tab.getByTestId("nursing-visit").filter({ hasText: "Dolor de cabeza" }).first()).toContainText(
    "Reposo y agua",
  );
  await check(page, testInfo, "nursing-family-tab-es", 390);
});

test("Diego's teacher, in English, sees his allergy alert but not his medical record", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  const teacher = school.email("docente9");
  await acceptNotice(school, teacher);
  const diego = await diegoOf(school);

  await resizeTo(page, SIZE[1280]);
  await signInWithStorage(page, teacher, { language: "en", to: "/notifications" });
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.goto(`/notifications?student=${diego.id}`);
  const dialog = fileDialog(page);
  const alert = dialog.getByTestId("file-health-alert");
  await expect(alert).toBeVisible({ timeout: 30_000 });
  await expect(alert).toContainText(en("alert.allergy", { name: "Cacahuate" }));
  await expect(alert).toContainText("epinefrina");
  // No Nursing tab, nothing else of the record; the record itself answers 404.
  await expect(dialog.getByRole("tab", { name: new RegExp(en("tab.label")) })).toHaveCount(0);
  await expect(dialog).not.toContainText("Asma");
  await expect(dialog).not.toContainText("Salbutamol");
  await check(page, testInfo, "nursing-teacher-alert-en", 1280);
  const who = await apiLogin(teacher);
  const refused = await call(`/api/students/${diego.id}/nursing`, { token: who.token, schoolId: school.id }).catch(
    (error: unknown) => error,
  );
  expect(refused).toBeInstanceOf(ApiCallError);
  expect((refused as ApiCallError).status).toBe(404);
});
