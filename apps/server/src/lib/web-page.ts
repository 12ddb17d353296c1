import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The placeholder the web build writes where each answer's nonce goes (apps/web/vite.config.ts `html.cspNonce`). */
export const CSP_NONCE_PLACEHOLDER = "__CONVIVE_CSP_NONCE__";

/** The built index.html, read once, with a function that fills in one answer's Content-Security-Policy nonce. */
export function webPage(dist: string): (nonce: string) => string {
  const parts = readFileSync(join(dist, "index.html"), "utf8").split(CSP_NONCE_PLACEHOLDER);
  return (nonce) => parts.join(nonce);
}
