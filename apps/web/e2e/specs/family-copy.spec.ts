/// <reference types="node" />
import { readFileSync } from "node:fs";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 30 §3, §4: from her phone, a mother opens her child's file, downloads her copy of the child's data as a
 * PDF and sees who at the school opened the child's records (the Director, by name and profile).
 */
test("the mother downloads her child's copy from her phone and sees who opened the record", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(90_000);
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data: roster } = await call<{ data: { students: { id: number; family_count: number }[] } }>(
    "/api/students?per_page=100",
    auth,
  );
  const child = roster.students.find((s) => s.family_count > 0)!;
  // The Director opens the child's file: a read the mother will see.
  const file = await call<{ data: { file: { student: { name: string }; contacts: { email: string }[] } } }>(
    `/api/students/${child.id}/file`,
    auth,
  );
  const parentEmail = file.data.file.contacts[0]!.email;
  const parent = await apiLogin(parentEmail);
  await call(`/api/users/${parent.userId}`, {
    method: "POST",
    token: parent.token,
    schoolId: school.id,
    body: { privacy_notice_viewed: 1 },
  });
  // The Director's name as the school's log holds it.
  const log = await call<{ data: { entries: { user: { name: string } }[] } }>(
    `/api/students/${child.id}/read-log?per_page=1`,
    auth,
  );
  const directorName = log.data.entries[0]!.user.name;

  await resizeTo(page, { width: 390, height: 844 });
  await signInWithStorage(page, parentEmail, { language: "es", to: `/notifications?student=${child.id}` });
  const dialog = page.getByRole("dialog", { name: /Expediente del estudiante/ });
  await expect(dialog.getByRole("heading", { name: file.data.file.student.name })).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("tab", { name: new RegExp(t("es", "familyCopy:tab")) }).click();

  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: t("es", "familyCopy:copy.pdf") }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");

  const reads = dialog.getByTestId("family-read");
  await expect(reads.first()).toContainText(directorName);
  await expect(reads.first()).toContainText("Director");
  await screenshot(page, "family-copy-es-390", false);
  await expectNoViolations(page, testInfo, "family-copy-es-390");
});
