/// <reference types="node" />
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ArchivePage } from "../pages/archive.ts";
import { AppLayout } from "../pages/layout.ts";
import { NotificationsPage } from "../pages/notifications.ts";
import { expectNoViolations, LANDMARK_RULES, resizeTo } from "../support/axe.ts";
import { DEMO, SCREENSHOTS_DIR } from "../support/env.ts";
import { expect, signInWithStorage, test } from "../support/fixtures.ts";
import { LANGS, type Lang } from "../support/i18n.ts";
import { screenshot } from "../support/screenshot.ts";

/**
 * Issue 12 §4 and §8: the archive and the notifications screen at a phone's, a tablet's (portrait and landscape)
 * and a laptop's width in both languages — axe clean, landmark rules included — kept as screenshots
 * (artifacts/screenshots/widths-<screen>-<lang>-<width>.png) for people to look at.
 */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
] as const;

mkdirSync(SCREENSHOTS_DIR, { recursive: true });

/** The Director's screens as they come (the demo's data; opening the notifications clears the bell, nothing else). */
const SCREENS: Record<string, (page: Page, lang: Lang) => Promise<void>> = {
  async archive(page, lang) {
    await signInWithStorage(page, DEMO.director, { language: lang, to: "/archive" });
    await expect(new ArchivePage(page, lang).results.getByRole("link").first()).toBeVisible({ timeout: 20_000 });
  },
  async notifications(page, lang) {
    await signInWithStorage(page, DEMO.director, { language: lang, to: "/notifications" });
    await new AppLayout(page, lang).expectReady(/\/notifications$/);
    await expect(new NotificationsPage(page, lang).list.getByRole("listitem").first()).toBeVisible({ timeout: 20_000 });
  },
};

for (const [name, open] of Object.entries(SCREENS)) {
  test(`${name} at 390, 768, 1024 and 1280 px in es and en`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    for (const lang of LANGS) {
      // Opened once per language, then resized in place: the layout must follow the window, as on a turned tablet.
      for (const [index, size] of WIDTHS.entries()) {
        if (index === 0) {
          await resizeTo(page, size);
          await open(page, lang);
        } else {
          await resizeTo(page, size);
        }
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByTestId("top-progress")).toBeHidden();
        await expectNoViolations(page, testInfo, `${name}-${lang}-${size.width}`, LANDMARK_RULES);
        await screenshot(page, `widths-${name}-${lang}-${size.width}`);
      }
    }
  });
}
