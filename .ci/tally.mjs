// Reads one suite's JSON report and prints "<passed> <failed>" as its last line, for .ci/run to add up.
// Besides failed tests, these count as failures (one each, named on stderr), so that CI cannot go green with
// a suite missing or quietly reduced: a file that did not load, a vitest project (domain, server, web) or the
// e2e suite that ran zero tests, and every skipped, todo or pending test.
//   node .ci/tally.mjs vitest artifacts/vitest.json
//   node .ci/tally.mjs vitest:server artifacts/vitest-pgbouncer.json   (a run of the named projects only)
//   node .ci/tally.mjs e2e artifacts/e2e.json
import { appendFileSync, readFileSync } from "node:fs";
import { relative } from "node:path";

const [kindArg, file] = process.argv.slice(2);
const [kind, only] = kindArg.split(":");
const ALL_PROJECTS = { domain: "packages/domain/", server: "apps/server/", web: "apps/web/" };
const PROJECTS = only ? Object.fromEntries(only.split(",").map((name) => [name, ALL_PROJECTS[name]])) : ALL_PROJECTS;
const problems = [];
// Each failed test by name (and its first error line) goes to CI_FAILED_LIST too, which .ci/run prints last: the
// tail of a long CI log must say which test failed, not only how many.
const failedNames = [];
let passed = 0;
let failed = 0;

let report;
try {
  report = JSON.parse(readFileSync(file, "utf8"));
} catch (error) {
  problems.push(`no report at ${file} (${error.message})`);
}

if (report && kind === "vitest") {
  const perProject = Object.fromEntries(Object.keys(PROJECTS).map((name) => [name, 0]));
  for (const testFile of report.testResults ?? []) {
    const path = relative(process.cwd(), testFile.name);
    const project = Object.keys(PROJECTS).find((name) => path.startsWith(PROJECTS[name]));
    const results = testFile.assertionResults ?? [];
    if (testFile.status === "failed" && !results.some((a) => a.status === "failed")) {
      problems.push(`${path} failed to run: ${(testFile.message ?? "").split("\n")[0]}`);
    }
    for (const a of results) {
      if (a.status === "passed") {
        passed++;
        if (project) perProject[project]++;
      } else if (a.status === "failed") {
        failed++;
        const why = (a.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 200);
        failedNames.push(`${path} > ${a.fullName ?? a.title}${why ? ` — ${why}` : ""}`);
      } else problems.push(`${a.status}: ${path} > ${a.fullName ?? a.title}`);
    }
  }
  for (const [name, count] of Object.entries(perProject)) {
    if (count === 0) problems.push(`vitest project "${name}" ran zero tests`);
  }
  console.error(
    `vitest per project: ${Object.entries(perProject)
      .map(([n, c]) => `${n} ${c}`)
      .join(", ")}`,
  );
} else if (report && kind === "e2e") {
  const s = report.stats ?? {};
  passed = (s.expected ?? 0) + (s.flaky ?? 0);
  failed = s.unexpected ?? 0;
  if (passed + failed === 0) problems.push("the e2e suite ran zero tests");
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected") failedNames.push([...titles, spec.title].join(" > "));
        if (test.status === "skipped") problems.push(`skipped: ${[...titles, spec.title].join(" > ")}`);
        // A test that failed and then passed on CI's one retry counts as passed, but is named on every run.
        if (test.status === "flaky") console.error(`flaky (passed on retry): ${[...titles, spec.title].join(" > ")}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  if ((s.skipped ?? 0) > 0 && !problems.some((p) => p.startsWith("skipped"))) {
    problems.push(`${s.skipped} e2e test(s) skipped`);
  }
} else if (report) {
  problems.push(`unknown report kind "${kind}"`);
}

for (const problem of problems) console.error(`CI refuses: ${problem}`);
if (process.env.CI_FAILED_LIST) {
  const lines = [...failedNames, ...problems.map((p) => `CI refuses: ${p}`)].map((l) => `  ${kindArg}: ${l}\n`);
  if (lines.length) appendFileSync(process.env.CI_FAILED_LIST, lines.join(""));
}
console.log(`${passed} ${failed + problems.length}`);
