import { defineConfig } from "vitest/config";

// Vitest 5's reporter calls Map.groupBy (Node ≥ 21) when it prints failures; Node 20 lacks it. This polyfill stays
// only while the project supports Node 20 (package.json engines); delete it together with 20.
const mapWithGroupBy = Map as unknown as { groupBy?: unknown };
mapWithGroupBy.groupBy ??= <K, V>(items: Iterable<V>, key: (item: V, index: number) => K) => {
  const groups = new Map<K, V[]>();
  let index = 0;
  for (const item of items) {
    const k = key(item, index++);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

// One `npm test` runs every suite: pure rules, the API against a real database, and the web's unit tests.
export default defineConfig({
  test: {
    // A focused test (`it.only`) would silently drop the others: refused on CI (vitest's default, said plainly).
    allowOnly: !process.env.CI,
    // `--coverage` (CI): v8 coverage per package, printed by .ci/coverage.mjs; a package under its floor fails.
    // The floors are the level reached when they were set (rounded down); raise them as tests are added.
    coverage: {
      provider: "v8",
      include: ["packages/domain/src/**", "apps/server/src/**", "apps/web/src/**"],
      exclude: ["**/*.test.{ts,tsx}", "**/test/**", "apps/server/src/db/migrations/**"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "artifacts/coverage",
      // Floors per package (per cent). To raise them to the level reached, on the whole suite:
      // `npx vitest run --coverage --coverage.thresholds.autoUpdate` (rewrites the numbers below).
      thresholds: {
        "packages/domain/src/**": { lines: 76.86, statements: 79.06, functions: 89.14, branches: 88.32 },
        "apps/server/src/**": { lines: 0, statements: 0, functions: 0, branches: 0 },
        "apps/web/src/**": { lines: 0, statements: 0, functions: 0, branches: 0 },
      },
    },
    projects: [
      { test: { name: "domain", include: ["packages/domain/src/**/*.test.ts"], environment: "node" } },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts", "apps/server/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["apps/web/src/test/setup.ts"],
        },
      },
    ],
  },
});
