import { AppLayout } from "../pages/layout.ts";
import {
  DESKTOP,
  expectNoSidewaysScroll,
  expectNoViolations,
  narrowToPhone,
  resizeTo,
  widenToDesktop,
} from "../support/axe.ts";
import { DEMO } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS } from "../support/i18n.ts";
import { FEATURE_SCREENS, SHELL_SCREENS, type ShellScreen } from "../support/screens.ts";
import { screenshot } from "../support/screenshot.ts";
import { switchLanguageInPlace } from "../support/switch-language.ts";

/**
 * axe-core, WCAG 2.x A and AA (with the landmark and heading-order best practices), on every screen of the shell
 * in Spanish and English, at 1280 and then 390 px (issue 26 §6: both widths); on the phone the page must not scroll
 * sideways either (WCAG 1.4.10 reflow). One test per screen opens it once, in Spanish, narrows the window in place,
 * then switches to English with the screen's own language menu (as a person would: the app re-renders and reads the
 * server's texts again) and widens and narrows it again. The opens were the walk's cost (7–19 s each on CI's two
 * cores), the switch is a second; a screen without the menu is opened again in English. The same user in two tests
 * at once would end each other's sessions, so one test per screen.
 * Each screen, width and language is kept as artifacts/screenshots/<screen>-<lang>-<width>.png for people to look at
 * (the tablet widths: screenshots.spec.ts, `npm run test:e2e:tablets`).
 */
function checkScreens(screens: readonly ShellScreen[]) {
  for (const screen of screens) {
    test.describe(() => {
      if (screen.keepsDialog) test.use({ autoAcceptPrivacy: false });
      test(`${screen.name} has no WCAG A/AA violations at 1280 and 390 px (es, en)`, async ({ page }, testInfo) => {
        // One open, a language switch and four scans: the strategic vision's took more than 45 s on CI's two cores.
        test.setTimeout(120_000);
        for (const [index, lang] of LANGS.entries()) {
          if (index === 0) {
            await resizeTo(page, DESKTOP);
            await screen.open(page, lang);
          } else {
            await widenToDesktop(page);
            if (!(await switchLanguageInPlace(page, lang))) await screen.open(page, lang);
          }
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expectNoViolations(page, testInfo, `${screen.name}-1280-${lang}`);
          await screenshot(page, `${screen.name}-${lang}-1280`, !screen.modal);
          await narrowToPhone(page);
          await expectNoViolations(page, testInfo, `${screen.name}-390-${lang}`);
          await expectNoSidewaysScroll(page, `${screen.name}-390-${lang}`);
          await screenshot(page, `${screen.name}-${lang}-390`, !screen.modal);
        }
        // A shared demo account back in Spanish (the switch saved English on it); nothing to do signed out.
        await switchLanguageInPlace(page, "es");
      });
    });
  }
}

test.describe("accessibility of the shell", () => {
  checkScreens(SHELL_SCREENS);

  test("the phone layout with the menu drawer open has no violations (es, en)", async ({ page }, testInfo) => {
    await resizeTo(page, { width: 390, height: 844 });
    for (const lang of LANGS) {
      await signInWithStorage(page, DEMO.director, { language: lang, to: "/register" });
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/register$/);
      await expectNoViolations(page, testInfo, `layout-390-${lang}`);
      await layout.toggle.click();
      await expect(layout.drawer).toBeVisible();
      await expectNoViolations(page, testInfo, `drawer-390-${lang}`);
      await screenshot(page, `layout-drawer-${lang}-390`, false);
    }
  });
});

test.describe("accessibility of the account and admin screens", () => {
  checkScreens(FEATURE_SCREENS);
});
