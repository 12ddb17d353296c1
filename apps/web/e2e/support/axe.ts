/// <reference types="node" />
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page, type TestInfo } from "@playwright/test";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Every WCAG 2.x level A and AA rule axe knows. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * axe's best-practice rules about landmarks (issue 12): all content inside one, one banner, one main, each landmark
 * unique and at the top level — a dialog's title bar must not add a second banner.
 */
export const LANDMARK_RULES = [
  "region",
  "landmark-banner-is-top-level",
  "landmark-complementary-is-top-level",
  "landmark-contentinfo-is-top-level",
  "landmark-main-is-top-level",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-contentinfo",
  "landmark-no-duplicate-main",
  "landmark-one-main",
  "landmark-unique",
];

/**
 * The best practices every screen must also pass: the landmarks (issue 12) and headings that go down one level at
 * a time (issue 26 §6: the strategic vision went from its h1 to h3s).
 */
export const SCREEN_RULES = [...LANDMARK_RULES, "heading-order"];

/**
 * Runs axe-core on the page as it is now and returns the WCAG A/AA violations and those of `rules` (by default the
 * best practices of SCREEN_RULES).
 */
export async function axeViolations(page: Page, rules: readonly string[] = SCREEN_RULES): Promise<Violation[]> {
  // The app's Content-Security-Policy refuses injected <script> and <style> tags, as it should; the checker runs
  // through the DevTools protocol instead (page.evaluate is not subject to the page's policy), and the no-transition
  // rule goes in as a constructed style sheet. Mid-transition colours would make the contrast rules flaky.
  // A string is evaluated as it is, by the protocol, and so is not subject to the page's policy ('unsafe-eval').
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync("*, *::before, *::after { transition: none !important; animation: none !important; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  return page.evaluate(
    async ({ tags, rules }) => {
      type AxeResult = {
        violations: {
          id: string;
          impact?: string | null;
          help: string;
          nodes: { target: unknown[]; failureSummary?: string }[];
        }[];
      };
      const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
      // One pass: the WCAG tags, plus the best-practice rules named one by one (a rule's own `enabled` wins over
      // runOnly's tags in axe's ruleShouldRun). Two passes walked the whole page twice.
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])),
        resultTypes: ["violations"],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary ?? "" })),
      }));
    },
    { tags: WCAG_TAGS, rules: [...rules] },
  );
}

/**
 * Soft-asserts no violations, attaching the details, so one run reports every screen and language. `rules` adds
 * best-practice rules to the WCAG ones (e.g. LANDMARK_RULES).
 */
export async function expectNoViolations(
  page: Page,
  testInfo: TestInfo,
  label: string,
  rules: readonly string[] = SCREEN_RULES,
) {
  const violations = await axeViolations(page, rules);
  if (violations.length > 0) {
    await testInfo.attach(`axe-${label}.json`, {
      body: JSON.stringify(violations, null, 2),
      contentType: "application/json",
    });
  }
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target).join(", ")}`,
  );
  expect.soft(summary, `axe WCAG A/AA violations on ${label}`).toEqual([]);
}

/**
 * Soft-asserts that the page does not scroll sideways (WCAG 1.4.10 reflow, checked at 390 px): nothing — a row of
 * tabs, a table, a chart — runs off the right edge of a phone, where it could be neither seen nor reached.
 */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect.soft(overflow, `${label} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

/** The desktop and phone windows the screens are checked at (issue 26 §6). */
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** Resizes an open screen and waits until the layout has followed: the window reports the width, two frames drawn. */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => window.innerWidth === width, size.width);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Narrows an open screen to a phone's width (Mantine's media queries re-render on the resize event). */
export const narrowToPhone = (page: Page) => resizeTo(page, PHONE);

/** Widens an open screen back to the desktop window. */
export const widenToDesktop = (page: Page) => resizeTo(page, DESKTOP);
