/// <reference types="node" />
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { AppLayout } from "../pages/layout.ts";
import { DEMO, SCREENSHOTS_DIR } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang } from "../support/i18n.ts";
import { FEATURE_SCREENS, SHELL_SCREENS, type ShellScreen } from "../support/screens.ts";

/**
 * Every screen of the shell at phone (390 px), tablet (768 and 1024 px) and desktop (1280 px) width in both languages
 * (issue 12: the walk of every account at those widths), kept as CI artifacts:
 * artifacts/screenshots/<screen>-<lang>-<width>.png. Nothing is compared; people look at them.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

mkdirSync(SCREENSHOTS_DIR, { recursive: true });

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function shoot(page: Page, name: string, lang: Lang, width: number, fullPage = true) {
  await settle(page);
  await page.screenshot({
    path: `${SCREENSHOTS_DIR}/${name}-${lang}-${width}.png`,
    fullPage,
    animations: "disabled",
  });
}

function shootScreens(screens: readonly ShellScreen[]) {
  for (const screen of screens) {
    test.describe(() => {
      if (screen.keepsDialog) test.use({ autoAcceptPrivacy: false });
      test(`${screen.name} at 390, 768, 1024 and 1280 px in es and en`, async ({ page }) => {
        // Eight sign-ins, page loads and full-page shots: a long screen (the strategic vision's dashboard is over
        // 7 000 px tall on a phone) needs more than one page's budget.
        test.setTimeout(120_000);
        for (const lang of LANGS) {
          for (const size of WIDTHS) {
            await page.setViewportSize(size);
            await screen.open(page, lang);
            await expect(page.locator("html")).toHaveAttribute("lang", lang);
            await shoot(page, screen.name, lang, size.width, !screen.modal);
          }
        }
      });
    });
  }
}

test.describe("screenshots", () => {
  shootScreens(SHELL_SCREENS);

  test("layout-drawer (the phone menu) at 390 px in es and en", async ({ page }) => {
    await page.setViewportSize(WIDTHS[0]);
    for (const lang of LANGS) {
      await signInWithStorage(page, DEMO.director, { language: lang, to: "/register" });
      const layout = new AppLayout(page, lang);
      await layout.expectReady(/\/register$/);
      await layout.toggle.click();
      await expect(layout.drawer).toBeVisible();
      await shoot(page, "layout-drawer", lang, 390, false);
    }
  });

  shootScreens(FEATURE_SCREENS);
});
