/// <reference types="node" />
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { SCREENSHOTS_DIR } from "./env.ts";

mkdirSync(SCREENSHOTS_DIR, { recursive: true });

/**
 * Saves the page as it is drawn now into artifacts/screenshots/<name>.png, for people to look at (nothing compares
 * them): fonts loaded and two frames drawn first; the whole page unless `fullPage` is false (a modal's window).
 */
export async function screenshot(page: Page, name: string, fullPage = true) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}.png`, fullPage, animations: "disabled" });
}
