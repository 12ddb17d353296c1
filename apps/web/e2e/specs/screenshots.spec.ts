/// <reference types="node" />

import { resizeTo } from "../support/axe.ts";
import { expect, test } from "../support/fixtures.ts";
import { LANGS } from "../support/i18n.ts";
import { FEATURE_SCREENS, SHELL_SCREENS, type ShellScreen } from "../support/screens.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Every screen of the shell at the tablet widths (768 and 1024 px) in both languages, kept as
 * artifacts/screenshots/<screen>-<lang>-<width>.png for people to look at; nothing is compared. The phone and desktop
 * widths are shot by the accessibility walk (a11y.spec.ts), which opens every screen at 390 and 1280 px anyway.
 * Not part of `npm run test:e2e` (it asserts nothing a person would see fail): `npm run test:e2e:tablets`.
 */
const WIDTHS = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
] as const;

function shootScreens(screens: readonly ShellScreen[]) {
  for (const screen of screens) {
    test.describe(() => {
      if (screen.keepsDialog) test.use({ autoAcceptPrivacy: false });
      test(`${screen.name} at 768 and 1024 px in es and en`, async ({ page }) => {
        test.setTimeout(120_000);
        for (const lang of LANGS) {
          for (const size of WIDTHS) {
            await resizeTo(page, size);
            await screen.open(page, lang);
            await expect(page.locator("html")).toHaveAttribute("lang", lang);
            await screenshot(page, `${screen.name}-${lang}-${size.width}`, !screen.modal);
          }
        }
      });
    });
  }
}

test.describe("screenshots at tablet widths", () => {
  shootScreens(SHELL_SCREENS);
  shootScreens(FEATURE_SCREENS);
});
