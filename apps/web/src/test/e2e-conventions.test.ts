import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What every browser spec must go through (apps/web/e2e): the CI's time and the suite's honesty depend on it, and a
 * spec that goes around it is only noticed when CI slows down or a flaky wall-clock figure fails.
 */
const SPECS = join(__dirname, "../../e2e/specs");
const specs = readdirSync(SPECS, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".ts"))
  .map((file) => ({ file, text: readFileSync(join(SPECS, file), "utf8") }));

describe("browser specs", () => {
  it("take screenshots only through e2e/support/screenshot.ts (skipped on CI, where nobody opens them)", () => {
    const direct = specs.filter((s) => /\bpage\.screenshot\(/.test(s.text)).map((s) => s.file);
    expect(direct).toEqual([]);
  });

  it("assert no wall-clock figure: speed targets are measured in bench/ (issue 24)", () => {
    const timed = specs
      .filter((s) => /(Date\.now|performance\.now)\(\)\s*-\s*[A-Za-z_]/.test(s.text))
      .map((s) => s.file);
    expect(timed).toEqual([]);
  });

  it("resize an open screen through resizeTo (support/axe.ts), which waits until the layout has followed", () => {
    // A bare setViewportSize let axe scan the header mid-reflow: a 390 px target-size finding that passed on retry.
    const bare = specs.filter((s) => /\.setViewportSize\(/.test(s.text)).map((s) => s.file);
    expect(bare).toEqual([]);
  });
});
