/// <reference types="node" />
import type { Page } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, t } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";
import { toast } from "../support/toasts.ts";

/**
 * Issue 25 §4: a family gives and withdraws their express consent per category from their child's file, reading
 * the text that is kept; staff see the state in the same tab, without the buttons. Both languages, phone and
 * desktop widths.
 */

interface File {
  student: { id: number; name: string };
  contacts: { email: string }[] | null;
}

const fileDialog = (page: Page) => page.getByRole("dialog", { name: /Expediente del estudiante|Student file/ });
const WIDTHS = [390, 1280] as const;

test("a family gives and withdraws consent from their child's file; staff see the state", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data: roster } = await call<{ data: { students: { id: number; family_count: number }[] } }>(
    "/api/students?per_page=100",
    auth,
  );
  const child = roster.students.find((s) => s.family_count > 0)!;
  const file = (await call<{ data: { file: File } }>(`/api/students/${child.id}/file`, auth)).data.file;
  const parentEmail = file.contacts![0]!.email;
  // The parent and the Director accept the privacy notice first (granting needs it anyway): its dialog would
  // otherwise come up under the file's drawer, which takes the clicks.
  const parent = await apiLogin(parentEmail);
  for (const who of [parent, director]) {
    await call(`/api/users/${who.userId}`, {
      method: "POST",
      token: who.token,
      schoolId: school.id,
      body: { privacy_notice_viewed: 1 },
    });
  }

  // The family: at each language and width the health category changes once — given, withdrawn, given, withdrawn.
  let granted = false;
  let records = 0;
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, parentEmail, { language: lang, to: `/notifications?student=${child.id}` });
      const dialog = fileDialog(page);
      // A first load on shared, busy cores may take longer than the default wait.
      await expect(dialog.getByRole("heading", { name: file.student.name })).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole("tab", { name: new RegExp(t(lang, "consent:tab")) }).click();
      const health = dialog.getByTestId("consent-health");
      await expect(health).toContainText(t(lang, granted ? "consent:state.granted" : "consent:state.notGranted"));

      await health
        .getByRole("button", { name: t(lang, granted ? "consent:actions.withdraw" : "consent:actions.grant") })
        .click();
      const confirm = page.getByRole("dialog", {
        name: new RegExp(
          t(lang, granted ? "consent:confirm.withdrawTitle" : "consent:confirm.grantTitle", { category: "" }),
        ),
      });
      // The text to be kept names the child and the school's privacy notice.
      await expect(confirm.getByTestId("consent-text")).toContainText(file.student.name);
      await expect(confirm.getByTestId("consent-text")).toContainText(
        lang === "es" ? "aviso de privacidad" : "privacy notice",
      );
      await screenshot(page, `consent-confirm-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `consent-confirm-${lang}`);
      await confirm
        .getByRole("button", { name: t(lang, granted ? "consent:confirm.withdraw" : "consent:confirm.grant") })
        .click();
      await expect(toast(page, t(lang, granted ? "consent:done.withdrawn" : "consent:done.granted"))).toBeVisible();
      await expect(confirm).toBeHidden();
      granted = !granted;
      records += 1;
      await expect(health).toContainText(t(lang, granted ? "consent:state.granted" : "consent:state.notGranted"));
      await expect(
        dialog.getByRole("button", { name: t(lang, "consent:history.title", { count: records }) }),
      ).toBeVisible();
    }
  }

  // Give it once more, then the Director reads the state: given, by whom, and no button to change it.
  const family = await apiLogin(parentEmail);
  const consents = await call<{ data: { consents: { notice_version: number } } }>(
    `/api/students/${child.id}/consents`,
    { token: family.token, schoolId: school.id },
  );
  await call(`/api/students/${child.id}/consents`, {
    token: family.token,
    schoolId: school.id,
    method: "POST",
    body: { category: "health", granted: true, notice_version: consents.data.consents.notice_version, language: "es" },
  });
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      await resizeTo(page, { width, height: width < 500 ? 844 : 800 });
      await signInWithStorage(page, school.director, { language: lang, to: `/notifications?student=${child.id}` });
      const dialog = fileDialog(page);
      await expect(dialog.getByRole("heading", { name: file.student.name })).toBeVisible({ timeout: 20_000 });
      await dialog.getByRole("tab", { name: new RegExp(t(lang, "consent:tab")) }).click();
      const health = dialog.getByTestId("consent-health");
      await expect(health).toContainText(t(lang, "consent:state.granted"));
      await expect(dialog.getByText(t(lang, "consent:intro.staff"))).toBeVisible();
      await expect(dialog.getByRole("button", { name: t(lang, "consent:actions.grant") })).toHaveCount(0);
      await expect(dialog.getByRole("button", { name: t(lang, "consent:actions.withdraw") })).toHaveCount(0);
      await screenshot(page, `consent-staff-${lang}-${width}`, false);
      if (width === 1280) await expectNoViolations(page, testInfo, `consent-staff-${lang}`);
    }
  }
});
