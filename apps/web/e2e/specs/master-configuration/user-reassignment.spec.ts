/// <reference types="node" />
import type { Page, TestInfo } from "@playwright/test";
import { MasterConfigurationPage, mcPath } from "../../pages/master-configuration.ts";
import { apiLogin, call } from "../../support/api.ts";
import { DESKTOP, expectNoSidewaysScroll, expectNoViolations, PHONE, resizeTo } from "../../support/axe.ts";
import { expect, signInWithStorage, test } from "../../support/fixtures.ts";
import { type Lang, t } from "../../support/i18n.ts";
import { screenshot } from "../../support/screenshot.ts";
import { switchLanguageInPlace } from "../../support/switch-language.ts";
import { toast } from "../../support/toasts.ts";

/**
 * Issue 31 §2, as the Director of the school would do it: deactivating docente1 warns that she still holds work
 * and links to user reassignment with her chosen; there her group, subjects and follow-ups go to docente2 after a
 * preview; the history shows it; then docente1 is deactivated with nothing left over. Spanish at 1280 and 390 px,
 * then English; axe-core clean.
 */
const ur = (lang: Lang, key: string, params?: Record<string, string | number>) =>
  t(lang, `userReassignment:${key}`, params);

async function check(page: Page, testInfo: TestInfo, name: string, width: 390 | 1280) {
  await resizeTo(page, width === 390 ? PHONE : DESKTOP);
  await screenshot(page, `${name}-${width}`);
  await expectNoViolations(page, testInfo, `${name}-${width}`);
  if (width === 390) await expectNoSidewaysScroll(page, `${name}-${width}`);
}

interface Member {
  id: number;
  name: string;
  email: string;
  is_active: boolean;
  open_work: number;
}

test("the Director hands docente1's work to docente2 and deactivates her with nothing orphaned", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(180_000);
  const director = await apiLogin(school.director);
  // The copy's privacy notice, accepted as the Director would on first opening it (not this spec's subject).
  await call(`/api/users/${director.userId}`, {
    method: "POST",
    token: director.token,
    schoolId: school.id,
    body: { privacy_notice_viewed: 1 },
  });
  const members = () =>
    call<{ data: Member[] }>("/api/user-reassignment/members", { token: director.token, schoolId: school.id }).then(
      (r) => r.data,
    );
  const before = await members();
  const docente1 = before.find((m) => m.email === school.email("docente1"))!;
  const docente2 = before.find((m) => m.email === school.email("docente2"))!;
  // She heads 1° A Primaria and teaches its subjects.
  expect(docente1.open_work).toBeGreaterThan(1);

  await resizeTo(page, DESKTOP);
  await signInWithStorage(page, school.director, { language: "es", to: mcPath("school-users") });
  const mc = new MasterConfigurationPage(page, "es");
  const search = mc.main.getByRole("searchbox", { name: t("es", "masterUsers:list.search"), exact: true });
  // The first screen of a cold server on a busy machine.
  await expect(search).toBeVisible({ timeout: 60_000 });
  await search.fill(school.email("docente1"));
  const row = mc.main.getByRole("row").filter({ hasText: school.email("docente1") });
  await row.getByRole("button", { name: t("es", "masterUsers:deactivate.label", { name: docente1.name }) }).click();
  const dialog = page.getByRole("dialog");
  const warning = dialog.getByTestId("open-work-warning");
  await expect(warning).toContainText(t("es", "masterUsers:deactivate.openWork.title"));
  await expect(warning).toContainText(ur("es", "counts.head-teacher-groups", { count: 1 }));
  await warning.getByRole("link", { name: t("es", "masterUsers:deactivate.openWork.reassign") }).click();

  // The reassignment screen, with docente1 chosen and all her open work ticked.
  await expect(page).toHaveURL(new RegExp(`/master-configuration/user-reassignment\\?from=${docente1.id}$`));
  await expect(mc.title).toHaveText(t("es", "nav.userReassignment"));
  const work = page.getByRole("region", { name: ur("es", "work.title", { name: docente1.name }) });
  const groups = work.getByRole("group", { name: ur("es", "kinds.head-teacher-groups") });
  await expect(groups.getByRole("checkbox", { name: /1° A Primaria/ })).toBeChecked();
  await page.getByRole("combobox", { name: ur("es", "choose.to") }).click();
  await page.getByRole("option", { name: new RegExp(`^${docente2.name}`) }).click();
  await page.getByRole("button", { name: ur("es", "preview.button") }).click();
  const preview = page.getByRole("region", { name: ur("es", "preview.title"), exact: true });
  await expect(preview.getByText(ur("es", "preview.moved", { name: docente2.name })).first()).toBeVisible();
  await check(page, testInfo, "user-reassignment-es", 1280);
  await check(page, testInfo, "user-reassignment-es", 390);

  await preview.getByRole("button", { name: ur("es", "preview.apply") }).click();
  await expect(toast(page, ur("es", "done.toast")).last()).toBeVisible();
  await expect(page.getByText(ur("es", "done.free", { name: docente1.name }))).toBeVisible();
  const history = page.getByRole("region", { name: ur("es", "history.title") });
  await expect(history.getByText(ur("es", "history.entry", { from: docente1.name, to: docente2.name }))).toBeVisible();

  await switchLanguageInPlace(page, "en");
  await expect(page.getByText(ur("en", "work.nothing", { name: docente1.name }))).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: ur("en", "history.title") })
      .getByText(ur("en", "counts.head-teacher-groups", { count: 1 })),
  ).toBeVisible();
  await check(page, testInfo, "user-reassignment-en", 390);
  await check(page, testInfo, "user-reassignment-en", 1280);

  // Back on school users: no warning now, and she is deactivated.
  await page.getByRole("link", { name: ur("en", "done.toUsers") }).click();
  const users = new MasterConfigurationPage(page, "en");
  await users.main
    .getByRole("searchbox", { name: t("en", "masterUsers:list.search"), exact: true })
    .fill(school.email("docente1"));
  const again = users.main.getByRole("row").filter({ hasText: school.email("docente1") });
  await again.getByRole("button", { name: t("en", "masterUsers:deactivate.label", { name: docente1.name }) }).click();
  await expect(dialog.getByText(t("en", "masterUsers:deactivate.message"))).toBeVisible();
  await expect(dialog.getByTestId("open-work-warning")).toHaveCount(0);
  await dialog.getByRole("button", { name: t("en", "masterUsers:deactivate.confirm"), exact: true }).click();
  await expect(toast(page, t("en", "messages.saved")).last()).toBeVisible();

  // What any client now reads: docente1 inactive with nothing left; docente2 holds what she had.
  const after = await members();
  expect(after.find((m) => m.id === docente1.id)).toMatchObject({ is_active: false, open_work: 0 });
  expect(after.find((m) => m.id === docente2.id)!.open_work).toBe(docente2.open_work + docente1.open_work);
});
