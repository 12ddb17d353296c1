/// <reference types="node" />
import type { Locator, Page, TestInfo } from "@playwright/test";
import { apiLogin, call } from "../../support/api.ts";
import { DESKTOP, expectNoSidewaysScroll, expectNoViolations, PHONE, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { t } from "../../support/i18n.ts";
import { screenshot } from "../../support/screenshot.ts";
import { switchLanguageInPlace } from "../../support/switch-language.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 31 §1, as the Director of the school would: create next year in scholar-cicle, preview the re-enrollment,
 * keep two students of 1° A Primaria in their grade, apply, see the groups filled, undo, then apply again in English.
 * Screenshots at 1280 and 390 px in both languages, axe-core clean.
 */
const es = (key: string, params?: Record<string, string | number>) => t("es", `reenrollment:${key}`, params);
const en = (key: string, params?: Record<string, string | number>) => t("en", `reenrollment:${key}`, params);
const MONTHS_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await resizeTo(page, width === 390 ? PHONE : DESKTOP);
  await screenshot(page, `${name}-${width}`);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

/** Picks `iso` (YYYY-MM-DD) in a DateField of the dialog: decade → year → month → day. */
async function pickDate(page: Page, scope: Locator, label: string, iso: string) {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  await scope.getByRole("button", { name: new RegExp(`^${label}`) }).click();
  const dropdown = page
    .locator(".mantine-Popover-dropdown")
    .filter({ has: page.locator("table") })
    .last();
  await expect(dropdown).toBeVisible();
  await dropdown.getByRole("button", { name: t("es", "masterConfiguration:dates.chooseMonth") }).click();
  await dropdown.getByRole("button", { name: t("es", "masterConfiguration:dates.chooseYear") }).click();
  await dropdown
    .locator("table button")
    .filter({ hasText: new RegExp(`^${y}$`) })
    .click();
  await dropdown
    .locator("table button")
    .filter({ hasText: new RegExp(`^${MONTHS_ES[m - 1]}\\.?$`, "i") })
    .click();
  await dropdown
    .locator("table button:not([data-outside])")
    .filter({ hasText: new RegExp(`^${d}$`) })
    .click();
  await expect(dropdown).toBeHidden();
}

interface Preview {
  groups: { id: number; name: string; grade_id: number }[];
  students: {
    id: number;
    first_name: string;
    paternal_surname: string;
    maternal_surname: string;
    source_group_id: number;
  }[];
}

test("the Director re-enrolls the school into next year, undoes it and applies again", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  await resizeTo(page, DESKTOP);
  await signInWithStorage(page, school.director, { language: "es", to: "/master-configuration/scholar-cicle" });
  const main = page.getByRole("main");
  await expect(page.getByRole("heading", { name: t("es", "nav.scholarCicle"), level: 1 })).toBeVisible({
    timeout: 30_000,
  });

  // Next year, in scholar-cicle: it starts the day after this one ends; only its end is picked.
  await main
    .getByRole("button", { name: t("es", "masterConfiguration:years.new") })
    .first()
    .click();
  const yearForm = page.getByRole("dialog", { name: t("es", "masterConfiguration:years.createTitle"), exact: true });
  await pickDate(page, yearForm, t("es", "masterConfiguration:years.endsOn"), "2028-07-07");
  await expect(yearForm.getByRole("textbox", { name: t("es", "masterConfiguration:years.name") })).toHaveValue(
    "2027-2028",
  );
  await yearForm.getByRole("button", { name: t("es", "actions.save"), exact: true }).click();
  await expect(yearForm).toBeHidden({ timeout: 15_000 });

  await page.goto("/master-configuration/reenrollment-students");
  await expect(page.getByRole("heading", { name: "Reinscripción", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: es("previewTitle", { year: "2027-2028" }) })).toBeVisible({
    timeout: 30_000,
  });

  // Two students of 1° A Primaria stay in 1° (their names as any client reads them).
  const director = await apiLogin(school.director);
  const { data: overview } = await call<{ data: { target_years: { id: number; name: string }[] } }>(
    "/api/reenrollments",
    { token: director.token, schoolId: school.id },
  );
  const next = overview.target_years.find((y) => y.name === "2027-2028")!;
  const { data: preview } = await call<{ data: Preview }>("/api/reenrollments/preview", {
    method: "POST",
    token: director.token,
    schoolId: school.id,
    body: { to_year_id: next.id },
  });
  const firstGroup = preview.groups[0]!;
  const [one, two] = preview.students.filter((s) => s.source_group_id === firstGroup.id);
  const name = (s: Preview["students"][number]) =>
    [s.first_name, s.paternal_surname, s.maternal_surname].filter(Boolean).join(" ");
  const studentsRegion = page.getByRole("region", { name: es("studentsTitle") });
  await studentsRegion.getByRole("button", { name: /^1° A Primaria/ }).click();
  for (const s of [one!, two!]) {
    await studentsRegion
      .getByRole("combobox", { name: es("exceptionOf", { name: name(s) }) })
      .selectOption(es("exception.repeats"));
  }
  const targets = page.getByTestId("reenrollment-targets");
  await expect(targets.getByRole("row", { name: /^1° A Primaria 2 / })).toBeVisible();
  await check(page, testInfo, "reenrollment-preview-es", 1280);
  await check(page, testInfo, "reenrollment-preview-es", 390);
  await resizeTo(page, DESKTOP);

  await page.getByRole("button", { name: es("apply") }).click();
  const confirmApply = page.getByRole("dialog", { name: es("applyConfirmTitle", { year: "2027-2028" }) });
  await confirmApply.getByRole("button", { name: es("apply") }).click();
  await expect(page.getByRole("heading", { name: es("appliedTitle", { year: "2027-2028" }) })).toBeVisible({
    timeout: 30_000,
  });
  const filled = page.getByTestId("reenrollment-filled");
  await expect(filled.getByRole("row", { name: "1° A Primaria 2" })).toBeVisible();
  await expect(filled.getByRole("row", { name: /^2° A Primaria \d+$/ })).toBeVisible();
  // The next year's groups as any client reads them: 1° A holds the two who stay.
  const { data: groups } = await call<{
    data: { groups: { grade_name: string; name: string; students_count: number }[] };
  }>(`/api/groups?school_year_id=${next.id}`, { token: director.token, schoolId: school.id });
  expect(groups.groups.find((g) => g.grade_name === "1°" && g.name === "A")?.students_count).toBe(2);
  await check(page, testInfo, "reenrollment-applied-es", 1280);

  await page.getByRole("button", { name: es("undo") }).click();
  const confirmUndo = page.getByRole("dialog", { name: es("undoTitle", { year: "2027-2028" }) });
  await confirmUndo.getByRole("button", { name: es("undo") }).click();
  await expect(toast(page, es("undone")).last()).toBeVisible();
  await expect(page.getByRole("heading", { name: es("previewTitle", { year: "2027-2028" }) })).toBeVisible();

  // Again, in English, with everyone going with their group.
  await switchLanguageInPlace(page, "en");
  await expect(page.getByRole("heading", { name: en("previewTitle", { year: "2027-2028" }) })).toBeVisible();
  await page.getByRole("button", { name: en("apply") }).click();
  await page
    .getByRole("dialog", { name: en("applyConfirmTitle", { year: "2027-2028" }) })
    .getByRole("button", { name: en("apply") })
    .click();
  await expect(page.getByRole("heading", { name: en("appliedTitle", { year: "2027-2028" }) })).toBeVisible({
    timeout: 30_000,
  });
  // Everyone went with their group: 1° A Primaria of next year has nobody, 2° A has this year's 1° A.
  await expect(
    page
      .getByTestId("reenrollment-filled")
      .getByRole("row", { name: /^2° A \S+ \d+$/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId("reenrollment-filled").getByRole("row", { name: /^1° A / })).toHaveCount(0);
  await check(page, testInfo, "reenrollment-applied-en", 390);
  await check(page, testInfo, "reenrollment-applied-en", 1280);
});
