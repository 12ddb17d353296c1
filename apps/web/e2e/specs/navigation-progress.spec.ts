import type { Page } from "@playwright/test";
import { ArchivePage } from "../pages/archive.ts";
import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { RegistrationPage } from "../pages/registration.ts";
import { expectNoViolations, LANDMARK_RULES } from "../support/axe.ts";
import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";

/** Holds the requests matching `url` until the returned function is called. */
async function hold(page: Page, url: RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Issue 12 §7: while a screen's code or first data loads, a progress bar runs along the top and the new screen's
 * place (or skeleton) shows at once — never the previous screen under the new URL.
 */
test("a slow screen shows the progress bar and its own place at once, never the previous screen", async ({
  page,
}, testInfo) => {
  await signInWithStorage(page, DEMO.director, { to: "/archive" });
  const layout = new AppLayout(page);
  const archive = new ArchivePage(page);
  await layout.expectReady(/\/archive$/);
  await expect(archive.results).toBeVisible();
  // The bar along the top edge (a visual cue; screen readers hear the screen's own loading state).
  const progress = page.getByTestId("top-progress");
  await expect(progress).toBeHidden();

  // The notifications screen's code is slow to arrive.
  const code = await hold(page, /\/assets\/NotificationsPage-[\w-]+\.js$/);
  await layout.menuItem("menu.notifications").click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(progress).toBeVisible();
  await expect(layout.title).toHaveText(t("es", "nav.notifications"));
  await expect(archive.results).toHaveCount(0);
  await expect(archive.search).toHaveCount(0);
  await expectNoViolations(page, testInfo, "screen-loading", LANDMARK_RULES);
  code();
  const notifications = new NotificationsPage(page);
  await expect(notifications.list).toBeVisible();
  await expect(progress).toBeHidden();

  // On to the registration screen, whose first data (the catalogue it offers) is slow.
  const options = await hold(page, /\/api\/incidents\/registration-options/);
  await layout.menuItem("menu.register").click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(progress).toBeVisible();
  await expect(notifications.list).toHaveCount(0);
  options();
  const registration = new RegistrationPage(page);
  await expect(registration.incidentForm).toBeVisible();
  await expect(progress).toBeHidden();
});
