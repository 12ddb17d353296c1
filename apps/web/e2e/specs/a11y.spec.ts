import { AppLayout } from "../pages/layout.ts";
import { expectNoViolations } from "../support/axe.ts";
import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS } from "../support/i18n.ts";
import { FEATURE_SCREENS, SHELL_SCREENS, type ShellScreen } from "../support/screens.ts";

/** axe-core, WCAG 2.x A and AA, on every screen of the shell in Spanish and English. */
function checkScreens(screens: readonly ShellScreen[]) {
  for (const screen of screens) {
    test.describe(() => {
      if (screen.keepsDialog) test.use({ autoAcceptPrivacy: false });
      test(`${screen.name} has no WCAG A/AA violations (es, en)`, async ({ page }, testInfo) => {
        for (const lang of LANGS) {
          await screen.open(page, lang);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expectNoViolations(page, testInfo, `${screen.name}-${lang}`);
        }
      });
    });
  }
}

test.describe("accessibility of the shell", () => {
  checkScreens(SHELL_SCREENS);

  test("the phone layout with the menu drawer open has no violations (es, en)", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const lang of LANGS) {
      await signInWithStorage(page, DEMO.director, { language: lang, to: "/register" });
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/register$/);
      await expectNoViolations(page, testInfo, `layout-390-${lang}`);
      await layout.toggle.click();
      await expect(layout.drawer).toBeVisible();
      await expectNoViolations(page, testInfo, `drawer-390-${lang}`);
    }
  });
});

test.describe("accessibility of the account and admin screens", () => {
  checkScreens(FEATURE_SCREENS);
});
