/// <reference types="node" />
import { DEFAULT_TIME_ZONE, todayIn } from "@convive/domain/core";
import type { Page } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 12 §1, the student's file: staff open a student from an incident's details and from the students profile
 * and find their records in one view, tab by tab; a family lands on their children with their latest news, and an
 * observation shown to families reaches them and appears in their child's file — never another child's.
 */

interface FileContact {
  email: string;
}
interface File {
  student: { id: number; name: string };
  contacts: FileContact[] | null;
  sections: { key: string; count: number }[];
}

const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });

test("the Director opens a student's file from an incident's details, tab by tab, in both languages", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(90_000);
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data } = await call<{
    data: { incidents: { id: number; students: { id: number | null; name: string | null }[] }[] };
  }>("/api/incidents?sort=-occurred_at&per_page=5", auth);
  const incident = data.incidents[0]!;
  const student = incident.students.find((s) => s.id !== null)!;
  const file = (await call<{ data: { file: File } }>(`/api/students/${student.id}/file`, auth)).data.file;
  const incidents = file.sections.find((s) => s.key === "incidents")!.count;

  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, school.director, { language: lang, to: `/incident-details?id=${incident.id}` });
      await page.getByRole("link", { name: student.name!, exact: true }).first().click();
      const dialog = fileDialog(page);
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`[?&]student=${student.id}`));
      await expect(dialog.getByRole("heading", { name: student.name! })).toBeVisible();
      // Staff see the family's contacts.
      await expect(dialog.getByText(t(lang, "studentFile:contacts.title"))).toBeVisible();
      // One tab per section, each with its count; the incidents tab lists them.
      const incidentsTab = dialog.getByRole("tab", { name: new RegExp(t(lang, "studentFileTabs:incidents.tab")) });
      await expect(incidentsTab).toContainText(String(incidents));
      await expect(
        dialog.getByRole("list", { name: t(lang, "studentFileTabs:incidents.label") }).getByRole("listitem"),
      ).toHaveCount(Math.min(incidents, 20));
      for (const key of ["observations", "actions", "meetings"] as const) {
        await dialog.getByRole("tab", { name: new RegExp(t(lang, `studentFileTabs:${key}.tab`)) }).click();
        await expect(dialog.getByRole("tabpanel")).toBeVisible();
      }
      await screenshot(page, `student-file-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `student-file-${lang}`);
      // Closing returns to the details, without the file in the address.
      await dialog.getByRole("button", { name: t(lang, "studentFile:close") }).click();
      await expect(dialog).toBeHidden();
      await expect(page).not.toHaveURL(/student=/);
    }
  }
});

test("a family lands on their children; an observation shown to them reaches them and their child's file", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(90_000);
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  // A family of the demo's population that no other spec signs in as: the student's first contact.
  const { data: roster } = await call<{ data: { students: { id: number; family_count: number }[] } }>(
    "/api/students?per_page=100&page=2",
    auth,
  );
  const child = roster.students.filter((s) => s.family_count > 0).at(-1)!;
  const file = (await call<{ data: { file: File } }>(`/api/students/${child.id}/file`, auth)).data.file;
  const parentEmail = file.contacts![0]!.email;
  // A student who is not this family's child (a sibling would open).
  let other: number | undefined;
  for (const s of roster.students.filter((x) => x.id !== child.id && x.family_count > 0)) {
    const theirs = (await call<{ data: { file: File } }>(`/api/students/${s.id}/file`, auth)).data.file;
    if (!theirs.contacts!.some((c) => c.email === parentEmail)) {
      other = s.id;
      break;
    }
  }

  const { data: types } = await call<{
    data: { observation_types: { id: number; is_active: boolean; name_es: string; name_en: string | null }[] };
  }>("/api/observation-types", auth);
  const type = types.observation_types.find((x) => x.is_active)!;
  const text = `Ayudó a organizar la biblioteca del salón (${Date.now()}).`;
  await call("/api/accompaniment-observations", {
    ...auth,
    method: "POST",
    body: {
      student_id: child.id,
      observation_type_id: type.id,
      text,
      // The school's day (Mexico City), not UTC's: from 18:00 there UTC is already tomorrow, a future date.
      observed_on: todayIn(DEFAULT_TIME_ZONE),
    },
  });

  for (const lang of LANGS) {
    for (const width of [390, 1280]) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, parentEmail, { language: lang, to: "/" });
      // The family lands on their children…
      const children = page.getByRole("region", { name: t(lang, "studentFile:children.title") });
      await expect(children).toBeVisible();
      await expect(children.getByText(file.student.name, { exact: true })).toBeVisible();
      // …and the observation reached them, in the language of the screen.
      const title = lang === "en" ? `New observation: ${file.student.name}` : `Nueva observación: ${file.student.name}`;
      await expect(page.getByText(title).first()).toBeVisible();
      await screenshot(page, `family-landing-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `family-landing-${lang}`);

      await children
        .getByRole("link", { name: new RegExp(t(lang, "studentFile:children.open")) })
        .first()
        .click();
      const dialog = fileDialog(page);
      await expect(dialog.getByRole("heading", { name: file.student.name })).toBeVisible();
      // No contacts for a family; the observation is in the child's file.
      await expect(dialog.getByText(t(lang, "studentFile:contacts.title"))).toHaveCount(0);
      await dialog.getByRole("tab", { name: new RegExp(t(lang, "studentFileTabs:observations.tab")) }).click();
      await expect(dialog.getByText(text)).toBeVisible();
      await screenshot(page, `family-file-${lang}-${width}`, false);
    }
  }

  // Another family's child does not open, whatever the address says.
  await page.goto(`/notifications?student=${other}`);
  await expect(fileDialog(page).getByRole("alert")).toBeVisible();
  await expect(fileDialog(page).getByRole("tablist")).toHaveCount(0);
});

test("a student's name in the archive opens their file over the archive, and closing it keeps the filters", async ({
  page,
  school,
}) => {
  await signInWithStorage(page, school.director, { language: "es", to: "/archive?status=open" });
  const table = page.getByRole("table", { name: t("es", "archive:results.label") });
  const name = table.getByRole("link", { name: /./ }).filter({ hasNotText: /^\d+$/ }).first();
  const student = (await name.textContent())!;
  await name.click();
  const dialog = fileDialog(page);
  await expect(dialog.getByRole("heading", { name: student })).toBeVisible();
  await expect(page).toHaveURL(/\/archive\?status=open&student=\d+$/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/archive\?status=open$/);
});
