import type { Locator, Page } from "@playwright/test";
import { ArchivePage } from "../pages/archive.ts";
import { IncidentDetailsPage } from "../pages/incident-details.ts";
import { AppLayout } from "../pages/layout.ts";
import { apiLogin, call } from "../support/api.ts";
import { expectNoViolations, LANDMARK_RULES, resizeTo } from "../support/axe.ts";
import { COLEGIO, DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang, t } from "../support/i18n.ts";

/**
 * Issue 12 §9: a dialog's banner is not duplicated. Every modal and drawer has one title bar with one heading, and
 * the page keeps one banner (the app's header) while it is open. Nothing is saved: each dialog is opened and left.
 */
async function expectOneBanner(page: Page, dialog: Locator, title: string) {
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading")).toHaveCount(1);
  await expect(dialog.getByRole("heading")).toHaveText(title);
  await expect(dialog.getByRole("banner")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(1);
}

/** The newest open incident of the demo school (the Director may cancel and close it). */
async function openIncident(): Promise<{ id: number; folio: number }> {
  const director = await apiLogin(DEMO.director);
  const { data } = await call<{ data: { incidents: { id: number; folio: number }[] } }>("/api/incidents?status=open", {
    token: director.token,
    schoolId: COLEGIO.id,
  });
  return data.incidents[0]!;
}

for (const lang of LANGS) {
  test(`modals and drawers have one title and add no banner (${lang})`, async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const incident = await openIncident();
    const at = (width: number) => resizeTo(page, { width, height: width < 500 ? 844 : 800 });
    const tx = (key: string, params: Record<string, string | number> = {}) => t(lang as Lang, key, params);

    // The incident's cancel and close dialogs, on a phone (whole screen) and a desktop.
    for (const width of [390, 1280]) {
      await at(width);
      await signInWithStorage(page, DEMO.director, { language: lang, to: `/incident-details?id=${incident.id}` });
      const details = new IncidentDetailsPage(page, lang);
      await expect(details.folioHeading(incident.folio)).toBeVisible({ timeout: 20_000 });
      for (const kind of ["cancel", "close"] as const) {
        await (kind === "cancel" ? details.cancelButton : details.closeButton).click();
        const title = tx(`incidentDetails:status.${kind}.title`, { folio: incident.folio });
        const dialog = page.getByRole("dialog", { name: title });
        await expectOneBanner(page, dialog, title);
        await expectNoViolations(page, testInfo, `${kind}-dialog-${width}-${lang}`, LANDMARK_RULES);
        await dialog.getByRole("button", { name: tx("actions.back"), exact: true }).click();
        await expect(dialog).toBeHidden();
      }
    }

    // The help videos of a screen.
    await at(1280);
    await signInWithStorage(page, DEMO.director, { language: lang, to: "/register" });
    await new AppLayout(page, lang).expectReady(/\/register$/);
    await page.getByRole("button", { name: tx("layout:help.button") }).click();
    const help = page.getByRole("dialog", { name: tx("layout:help.title") });
    await expectOneBanner(page, help, tx("layout:help.title"));
    await expectNoViolations(page, testInfo, `help-dialog-${lang}`, LANDMARK_RULES);
    await page.keyboard.press("Escape");

    // The archive's filters drawer at a tablet's width, and the menu drawer on a phone.
    await at(1024);
    const archive = new ArchivePage(page, lang);
    await archive.goto();
    await archive.filtersButton.click();
    await expectOneBanner(page, archive.filtersDrawer, tx("archive:filters.title"));
    await expectNoViolations(page, testInfo, `filters-drawer-${lang}`, LANDMARK_RULES);
    await archive.closeFilters();
    await at(390);
    const layout = new AppLayout(page, lang);
    await layout.toggle.click();
    await expectOneBanner(page, layout.drawer, tx("layout:sidebar.label"));
  });
}
