import { AppLayout } from "../pages/layout.ts";
import { SchoolSwitcher } from "../pages/school-switcher.ts";
import { expectNoViolations, LANDMARK_RULES, resizeTo } from "../support/axe.ts";
import { COLEGIO, DEMO, NORTE } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { t } from "../support/i18n.ts";

/**
 * Issue 12 §3: a member of several schools sees which school they are in and switches without signing out; the
 * switch brings the role, the menu and the landing view of the other school. multi@ is Director of Colegio Demo
 * Andes and Coordinador of Instituto Norte; the spec only reads the shared demo (and may accept a privacy notice).
 */

const es = (key: string, params: Record<string, string | number> = {}) => t("es", key, params);
const masterConfiguration = es("menu.masterConfiguration");
/** The line under the registration's date field names the school's clock (each school has its own). */
const clockOf = (timeZone: string) => new RegExp(`\\(${timeZone.replace("/", "\\/")}\\)`);

for (const width of [1280, 390]) {
  const phone = width < 1000;

  test(`multi@ switches from ${COLEGIO.name} to ${NORTE.name} and back at ${width} px`, async ({ page }, testInfo) => {
    await resizeTo(page, { width, height: phone ? 844 : 800 });
    const layout = new AppLayout(page, "es");
    const switcher = new SchoolSwitcher(page, "es");
    // A screen only the Director's role opens: the switch must not leave the Coordinador on it.
    await signInWithStorage(page, DEMO.multi, {
      schoolId: COLEGIO.id,
      language: "es",
      to: "/master-configuration/general-information",
    });
    await layout.expectReady(/\/master-configuration\/general-information$/);
    await expect(switcher.button(COLEGIO.name)).toBeVisible();
    if (!phone) {
      // The name is written beside the logo on a desktop.
      await expect(layout.header.getByText(COLEGIO.name, { exact: true })).toBeVisible();
      await expect(layout.userBlock).toHaveAccessibleName(/, Director$/);
      await expect(layout.menuItem("menu.masterConfiguration")).toBeVisible();
    }

    await switcher.button(COLEGIO.name).click();
    await expect(switcher.option(COLEGIO.name)).toHaveAttribute("aria-current", "true");
    await expect(switcher.option(NORTE.name)).toBeVisible();
    await expectNoViolations(page, testInfo, `switch-menu-${width}`, LANDMARK_RULES);
    await switcher.option(NORTE.name).click();

    // Instituto Norte: the Coordinador's landing view, without the master configuration they do not hold.
    await expect(switcher.button(NORTE.name)).toBeVisible({ timeout: 15_000 });
    await layout.expectReady(/\/register$/);
    await expect(page).not.toHaveURL(/page-not-found/);
    // Its clock, not the device's (Mexico City, as Colegio's): the registration says the time is Monterrey's.
    await expect(layout.main.getByText(clockOf("America/Monterrey"))).toBeVisible();
    if (phone) {
      await layout.toggle.click();
      await expect(layout.drawer.getByText(NORTE.name, { exact: true })).toBeVisible();
      await expect(layout.drawer.getByRole("link", { name: /, Coordinador$/ })).toBeVisible();
      await expect(layout.menuItem("menu.masterConfiguration", layout.drawer)).toHaveCount(0);
      await expect(layout.menuItem("menu.register", layout.drawer)).toBeVisible();
      await expectNoViolations(page, testInfo, `switched-drawer-${width}`, LANDMARK_RULES);
      await page.keyboard.press("Escape");
      await expect(layout.drawer).toBeHidden();
    } else {
      await expect(layout.header.getByText(NORTE.name, { exact: true })).toBeVisible();
      await expect(layout.userBlock).toHaveAccessibleName(/, Coordinador$/);
      await expect(layout.sidebar.getByRole("link", { name: masterConfiguration, exact: true })).toHaveCount(0);
      await expectNoViolations(page, testInfo, `switched-${width}`, LANDMARK_RULES);
    }
    // Still signed in, in the school chosen, after a reload.
    await page.reload();
    await expect(switcher.button(NORTE.name)).toBeVisible();

    // And back: the Director's menu again, on Colegio's clock (the device's: no line about another one).
    await switcher.switchTo(NORTE.name, COLEGIO.name);
    await layout.expectReady(/\/register$/);
    await expect(layout.main.getByText(clockOf("America/Monterrey"))).toHaveCount(0);
    if (phone) {
      await layout.toggle.click();
      await expect(layout.drawer.getByRole("link", { name: /, Director$/ })).toBeVisible();
      await expect(layout.menuItem("menu.masterConfiguration", layout.drawer)).toBeVisible();
    } else {
      await expect(layout.userBlock).toHaveAccessibleName(/, Director$/);
      await expect(layout.menuItem("menu.masterConfiguration")).toBeVisible();
    }
  });
}

test("a member of one school sees its name and logo, and no switch", async ({ page }) => {
  const layout = new AppLayout(page, "es");
  await signInWithStorage(page, DEMO.norte, { language: "es", to: "/register" });
  await layout.expectReady(/\/register$/);
  await expect(layout.header.getByText(NORTE.name, { exact: true })).toBeVisible();
  await expect(new SchoolSwitcher(page, "es").button(NORTE.name)).toHaveCount(0);
});
