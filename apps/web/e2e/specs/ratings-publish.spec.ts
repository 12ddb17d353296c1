/// <reference types="node" />
import type { Page } from "@playwright/test";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, resizeTo } from "../support/axe.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { type Lang, t } from "../support/i18n.ts";
import type { SpecSchool } from "../support/school.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 26 §1, publishing grades safely: the director publishes Bimestre 2 for 3° A only, sees the missing grades
 * (and what a family will see) before confirming, unpublishes within the window, and no family is told.
 */

interface Options {
  periods: { id: number; name: string; current: boolean }[];
  groups: { id: number; label: string }[];
}
interface Bell {
  notifications: { title: string }[];
}

async function openAs(page: Page, school: SpecSchool, email: string, lang: Lang, path: string) {
  const { session } = await signInWithStorage(page, email, { language: lang, to: "/logo-convive.svg" });
  await call(`/api/users/${session.userId}`, {
    method: "POST",
    token: session.token,
    schoolId: school.id,
    body: { privacy_notice_viewed: 1 },
  });
  await page.goto(path);
}

/** Bimestre 2 (the current period) and 3° A Primaria, Sofía's group, as the director reads them. */
async function scene(school: SpecSchool) {
  const director = await apiLogin(school.director);
  const auth = { token: director.token, schoolId: school.id };
  const { data } = await call<{ data: { options: Options } }>("/api/ratings/options", auth);
  const group = data.options.groups.find((g) => g.label === "Primaria 3° A")!;
  const period = data.options.periods.find((p) => p.current)!;
  return { group, period, auth, path: `/ratings?group=${group.id}&period=${period.id}` };
}

/** The family's notifications about published grades (both languages' titles). */
async function gradeNotices(school: SpecSchool) {
  const family = await apiLogin(school.familia);
  const { data } = await call<{ data: Bell }>("/api/notifications", { token: family.token, schoolId: school.id });
  return data.notifications.filter((n) => /Calificaciones publicadas|Ratings published/.test(n.title));
}

test("the director publishes Bimestre 2 for 3° A only, sees the missing grades first, unpublishes in time: no family is told", async ({
  page,
  school,
}, testInfo) => {
  test.setTimeout(120_000);
  const { group, period, auth, path } = await scene(school);
  const noticesBefore = (await gradeNotices(school)).length;
  await resizeTo(page, { width: 1280, height: 800 });
  await openAs(page, school, school.director, "es", path);
  const publishButton = page.getByRole("button", { name: t("es", "ratings:periodActions.publish"), exact: true });
  // The first screen of a fresh school copy can take a while on a shared machine.
  await expect(publishButton).toBeVisible({ timeout: 45_000 });
  await publishButton.click();
  const dialog = page.getByRole("dialog", { name: t("es", "ratings:publishing.title", { period: "Bimestre 2" }) });
  await expect(dialog).toBeVisible();
  // 3° A, the group on screen, is chosen; no other group is.
  await expect(dialog.getByRole("checkbox", { name: "Primaria 3° A" })).toBeChecked();
  const checked = dialog.getByRole("checkbox", { checked: true });
  await expect(checked).toHaveCount(1);
  // The demo rated about two students in three for two measures: grades are missing, said before anything else.
  await expect(dialog.getByText(t("es", "ratings:publishing.warningTitle"), { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^Faltan \d+ calificaciones en Primaria 3° A\./)).toBeVisible();
  // What a family will see: values for what is rated, "— Sin calificar" for the rest.
  await expect(dialog.getByRole("heading", { name: /^Lo que verá la familia de .+ \(Primaria 3° A\)$/ })).toBeVisible();
  await expect(dialog.getByText("— Sin calificar").first()).toBeVisible();
  await screenshot(page, "ratings-publish-dialog-es-1280", false);
  await expectNoViolations(page, testInfo, "ratings-publish-dialog-es");

  // First "Publicar" asks again; only "Publicar de todos modos" publishes.
  await dialog.getByRole("button", { name: t("es", "ratings:publishing.submit"), exact: true }).click();
  await expect(dialog.getByText(t("es", "ratings:publishing.confirmQuestion"))).toBeVisible();
  await dialog.getByRole("button", { name: t("es", "ratings:publishing.confirmAnyway") }).click();
  await expect(dialog).toBeHidden();

  // Published for 3° A, families told only when the window ends; the director can still undo it.
  const pending = page.getByRole("status").filter({ hasText: /^Publicado — las familias recibirán el aviso a las / });
  await expect(pending).toBeVisible();
  const preview = await call<{ data: { preview: { groups: { id: number; publication: unknown }[] } } }>(
    `/api/ratings/periods/${period.id}/publication`,
    auth,
  );
  const published = preview.data.preview.groups.filter((g) => g.publication !== null).map((g) => g.id);
  expect(published).toEqual([group.id]);
  // The family sees nothing of Bimestre 2 meanwhile, and has not been told.
  expect(await gradeNotices(school)).toHaveLength(noticesBefore);

  await page.getByRole("button", { name: t("es", "ratings:publishing.unpublish") }).click();
  await expect(page.getByText(t("es", "ratings:publishing.unpublished"))).toBeVisible();
  await expect(pending).toBeHidden();
  await expect(publishButton).toBeVisible();

  // The family: no notice of published grades, no Bimestre 2 on their ratings screen.
  expect(await gradeNotices(school)).toHaveLength(noticesBefore);
  await openAs(page, school, school.familia, "es", "/ratings");
  await expect(page.getByRole("heading", { name: t("es", "ratings:family.title") })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("region", { name: /^Sofía Ramírez Torres/ })).toBeVisible();
  await expect(page.getByText("Bimestre 2")).toHaveCount(0);
});

test("the publish dialog reads in English on a phone", async ({ page, school }, testInfo) => {
  const { path } = await scene(school);
  await resizeTo(page, { width: 390, height: 844 });
  await openAs(page, school, school.director, "en", path);
  const publishButton = page.getByRole("button", { name: t("en", "ratings:periodActions.publish"), exact: true });
  await expect(publishButton).toBeVisible({ timeout: 45_000 });
  await publishButton.click();
  const dialog = page.getByRole("dialog", { name: t("en", "ratings:publishing.title", { period: "Bimester 2" }) });
  await expect(dialog.getByText(t("en", "ratings:publishing.warningTitle"), { exact: true })).toBeVisible();
  await expect(dialog.getByText("— Not rated").first()).toBeVisible();
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, "ratings-publish-dialog-en-390", false);
  await expectNoViolations(page, testInfo, "ratings-publish-dialog-en-390");
  await dialog.getByRole("button", { name: t("en", "ratings:publishing.cancel") }).click();
  await expect(dialog).toBeHidden();
});
