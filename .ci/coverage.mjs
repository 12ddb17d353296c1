// Prints v8 coverage per package from vitest's json-summary (artifacts/coverage/coverage-summary.json). The
// floors themselves are enforced by vitest (`coverage.thresholds` in vitest.config.ts), which exits non-zero.
import { readFileSync } from "node:fs";
import { relative } from "node:path";

const PACKAGES = { domain: "packages/domain/", server: "apps/server/", web: "apps/web/" };
const METRICS = ["lines", "statements", "functions", "branches"];
const file = process.argv[2] ?? "artifacts/coverage/coverage-summary.json";

let summary;
try {
  summary = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  console.error(`coverage: no summary at ${file} (${error.message})`);
  process.exit(1);
}

const totals = {};
for (const [path, metrics] of Object.entries(summary)) {
  if (path === "total") continue;
  const name = Object.keys(PACKAGES).find((p) => relative(process.cwd(), path).startsWith(PACKAGES[p]));
  if (!name) continue;
  totals[name] ??= Object.fromEntries(METRICS.map((m) => [m, { covered: 0, total: 0 }]));
  for (const m of METRICS) {
    totals[name][m].covered += metrics[m].covered;
    totals[name][m].total += metrics[m].total;
  }
}

const pct = ({ covered, total }) => (total === 0 ? "100.00" : ((100 * covered) / total).toFixed(2));
console.log(`coverage (v8)   ${METRICS.map((m) => m.padStart(10)).join(" ")}`);
for (const name of Object.keys(PACKAGES)) {
  const t = totals[name];
  console.log(`${name.padEnd(15)} ${METRICS.map((m) => (t ? `${pct(t[m])} %` : "—").padStart(10)).join(" ")}`);
}
