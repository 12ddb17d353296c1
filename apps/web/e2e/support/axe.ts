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

/** Runs axe-core on the page as it is now and returns the WCAG A/AA violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
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
  return page.evaluate(async (tags) => {
    type AxeResult = {
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary ?? "" })),
    }));
  }, WCAG_TAGS);
}

/** Soft-asserts no violations, attaching the details, so one run reports every screen and language. */
export async function expectNoViolations(page: Page, testInfo: TestInfo, label: string) {
  const violations = await axeViolations(page);
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
