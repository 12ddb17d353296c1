/**
 * The ratings grid by keyboard (`npm run bench:ratings-keyboard`, issue 13 §2): a teacher rates 30 students for
 * conduct and four habits with the keyboard alone — target under two minutes, typing included — in Debian's
 * Chromium against the real server serving the built web app (`npm run build` first), demo data on PGlite.
 * docente@'s group 3° A is grown to 30 students through the students API; the time runs from the first key to the
 * last cell saved. The e2e test (ratings.spec.ts) checks the same flow on 10 rows without a clock.
 *
 * CHROME_PATH (default /usr/bin/chromium), WEB_DIST (default apps/web/dist), BENCH_ROUNDS (default 1). Figures, not a verdict: the exit code says
 * only whether the run itself worked.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/config.ts";
import { seedDemoIfEmpty } from "../apps/server/src/db/seed/demo.ts";
import { runBench } from "./run.ts";
import { type Account, positiveInteger, signIn } from "./support.ts";

const WEB_DIST = process.env.WEB_DIST ?? fileURLToPath(new URL("../apps/web/dist", import.meta.url));
const TARGET_S = 120;
const STUDENTS = 30;
const CONDUCT = ["9.5", "8", "10", "7.5", "9", "6.5", "8.5"];
const LEVELS = ["e", "b", "r", "a"];

async function api<T>(base: string, who: Account, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { ...who.headers, accept: "application/json", ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function main() {
  if (!existsSync(`${WEB_DIST}/index.html`)) throw new Error("build the web app first: npm run build");
  const uploads = mkdtempSync(join(tmpdir(), "convive-bench-ratings-"));
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DEMO_DATA: "false",
    WEB_DIST,
    DATABASE_URL: "pglite:memory",
    UPLOADS_DIR: uploads,
  });
  const app = await buildApp({ config });
  await seedDemoIfEmpty(app.ctx.db);
  const base = await app.listen({ host: "127.0.0.1", port: 0 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const teacher = await signIn(base, "docente@convive.test", "docente");
    const director = await signIn(base, "director@convive.test", "director");
    await api(base, teacher, `/api/users/${teacher.userId}`, { privacy_notice_viewed: 1 });
    type Options = {
      data: {
        options: {
          groups: { id: number; label: string; mine: boolean }[];
          periods: { id: number; current: boolean }[];
        };
      };
    };
    const { options } = (await api<Options>(base, teacher, "/api/ratings/options")).data;
    const group = options.groups.find((g) => g.mine && g.label.includes("3° A"));
    const period = options.periods.find((p) => p.current);
    if (!group || !period) throw new Error("docente@ has no 3° A group or no current period");
    const gridPath = `/api/ratings/grid?group_id=${group.id}&period_id=${period.id}`;
    const have = (await api<{ data: { grid: { students: unknown[] } } }>(base, teacher, gridPath)).data.grid.students;
    for (let n = have.length + 1; n <= STUDENTS; n++) {
      await api(base, director, "/api/students", {
        enrollment: `BENCH-RT-${n}`,
        first_name: `Estudiante${String(n).padStart(2, "0")}`,
        paternal_surname: "Zamora",
        maternal_surname: "Prueba",
        group_id: group.id,
      });
    }

    const rounds = positiveInteger("BENCH_ROUNDS", 1);
    console.log(
      `${STUDENTS} students × 5 measures by keyboard, ${rounds} round(s), ${cpus().length} CPUs, load ${loadavg()[0]?.toFixed(2)}`,
    );
    const results: { round: number; "seconds (typing and saving)": number }[] = [];
    for (let round = 1; round <= rounds; round++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "es-MX" });
      const page = await context.newPage();
      await page.goto(`${base}/logo-convive.svg`);
      await page.evaluate(
        ({ token, userId }) => {
          localStorage.setItem("token", token);
          localStorage.setItem("token_expires_at", String(Date.now() + 3_600_000));
          localStorage.setItem("user_id", String(userId));
          localStorage.setItem("school_id", "colegio-demo");
        },
        { token: teacher.token, userId: teacher.userId },
      );
      await page.goto(`${base}/ratings?group=${group.id}&period=${period.id}`);
      const grid = page.getByRole("grid");
      await grid
        .locator("tbody tr")
        .nth(STUDENTS - 1)
        .waitFor({ timeout: 60_000 });
      await grid.locator('td[data-cell="0:0"]').focus();
      const started = performance.now();
      for (let row = 0; row < STUDENTS; row++) {
        // Another value each round, so every cell is written again.
        const conduct = CONDUCT[(row + round) % CONDUCT.length]!;
        const habits = [0, 1, 2, 3].map((i) => LEVELS[(row + i + round) % LEVELS.length]!);
        for (const value of [conduct, ...habits]) {
          await page.keyboard.type(value);
          await page.keyboard.press("ArrowRight");
        }
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("Home");
      }
      // A string: this file is type-checked with the server's Node types, which have no `document`.
      await page.waitForFunction(
        `document.querySelectorAll('[data-testid="pending"]').length === 0 &&
         document.querySelectorAll('td[data-status="saving"], td[data-status="failed"]').length === 0`,
        undefined,
        { timeout: 120_000, polling: 100 },
      );
      const seconds = (performance.now() - started) / 1000;
      results.push({ round, "seconds (typing and saving)": Number(seconds.toFixed(1)) });
      await context.close();
    }
    console.table(results);
    const worst = Math.max(...results.map((r) => r["seconds (typing and saving)"]));
    console.log(`slowest round: ${worst.toFixed(1)} s (target < ${TARGET_S} s)  ${worst < TARGET_S ? "PASS" : "FAIL"}`);
  } finally {
    await browser.close();
    await app.close();
    rmSync(uploads, { recursive: true, force: true });
  }
}

runBench(main);
