/// <reference types="node" />
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { SCREENSHOTS_DIR } from "./env.ts";

/**
 * Screenshots are for people to look at (nothing compares them), so they are taken where a person will look: on a
 * developer's run, always; on CI, where nobody opens them and the software-rendered full pages cost minutes of the
 * suite's time, only with E2E_SCREENSHOTS=1.
 */
export const SCREENSHOTS_TAKEN = !process.env.CI || process.env.E2E_SCREENSHOTS === "1";

if (SCREENSHOTS_TAKEN) mkdirSync(SCREENSHOTS_DIR, { recursive: true });

/**
 * Saves the page as it is drawn now into artifacts/screenshots/<name>.png: fonts loaded and two frames drawn
 * first; the whole page unless `fullPage` is false (the window: a modal, a phone's view). The one way specs take a
 * screenshot.
 */
export async function screenshot(page: Page, name: string, fullPage = true) {
  if (!SCREENSHOTS_TAKEN) return;
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage, animations: "disabled" });
}
