/**
 * How fast the upload readers refuse hostile files (`npm run bench:file-limits`, issue 24 §2: the wall-clock
 * thresholds moved here from apps/server/src/lib/files/*.test.ts, which keep what the readers answer). Each case
 * runs BENCH_ROUNDS times (default 5) on this thread; the slowest round is compared with its budget. Exit code 0
 * whether the budgets are met or not; non-zero when a reader answers something else.
 */
import { cpus, loadavg } from "node:os";
import { readArchive } from "../apps/server/src/lib/files/archive.ts";
import { readXlsx } from "../apps/server/src/lib/files/xlsx.ts";
import { xlsxWithSheetData, zipBomb } from "../apps/server/test/helpers/hostile-files.ts";
import { positiveInteger } from "./support.ts";

const MB = 1024 * 1024;
const LIMITS = { maxRows: 50_000, maxColumns: 100, maxInflatedBytes: 200 * MB };
const rounds = positiveInteger("BENCH_ROUNDS", 5);

/** Runs `work`, which must throw a message matching `expected` (or return normally when it is null). */
function refuses(work: () => unknown, expected: RegExp | null) {
  try {
    work();
  } catch (error) {
    if (expected?.test(String(error))) return;
    throw error;
  }
  if (expected) throw new Error(`expected a refusal matching ${expected}`);
}

const bomb = zipBomb();
const farRow = xlsxWithSheetData(
  `<row r="1"><c r="A1" t="inlineStr"><is><t>Matrícula</t></is></c></row><row r="20000000"><c r="A20000000" t="inlineStr"><is><t>CDA-1</t></is></c></row>`,
);
const unclosed = xlsxWithSheetData("<row>".repeat(40_000));

const cases = [
  {
    name: "zip bomb (150 files of zeros) stopped at a 16 MB total",
    budgetMs: 2_000,
    run: () => refuses(() => readArchive(bomb, { maxEntries: 5_000, maxTotalBytes: 16 * MB }, 2 * MB), /total/),
  },
  { name: "XLSX row numbered 20 000 000 read as one row", budgetMs: 1_000, run: () => readXlsx(farRow, LIMITS) },
  {
    name: "XLSX of 40 000 unclosed rows refused",
    budgetMs: 2_000,
    run: () => refuses(() => readXlsx(unclosed, LIMITS), /IMPORT_UNREADABLE/),
  },
];

const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(" ");
console.log(`Convive file-limits bench — node ${process.version}, ${cpus().length} CPUs, load average ${load}\n`);
try {
  const rows = cases.map((c) => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const started = performance.now();
      c.run();
      times.push(performance.now() - started);
    }
    const slowest = Math.max(...times);
    return {
      case: c.name,
      "fastest ms": Math.min(...times).toFixed(1),
      "slowest ms": slowest.toFixed(1),
      "budget ms": c.budgetMs,
      result: slowest <= c.budgetMs ? "PASS" : "FAIL",
    };
  });
  console.table(rows);
  console.log(`\nRESULT: ${rows.every((r) => r.result === "PASS") ? "PASS" : "FAIL"}`);
} catch (error) {
  console.error("BENCH RUN FAILED:", error);
  process.exitCode = 1;
}
