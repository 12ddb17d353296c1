import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MODULES } from "../src/app.ts";

// The one shape of a server module (docs/architecture.md, "A server module"): a folder under src/modules with an
// index.ts exporting `<name>Module`, which app.ts registers once. The linter holds the imports (app.ts reaches
// modules only through index.ts); this holds the rest — no module without its plugin, none left unregistered.
const modulesDir = fileURLToPath(new URL("../src/modules", import.meta.url));
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const pluginName = (folder: string) => `${folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Module`;

describe("server modules", () => {
  it("each has an index.ts exporting its plugin, registered by app.ts exactly once", async () => {
    const registered: unknown[] = [];
    for (const folder of folders) {
      expect(existsSync(join(modulesDir, folder, "index.ts")), `${folder}/index.ts`).toBe(true);
      const surface = (await import(join(modulesDir, folder, "index.ts"))) as Record<string, unknown>;
      const plugin = surface[pluginName(folder)];
      expect(typeof plugin, `${folder}/index.ts exports ${pluginName(folder)}`).toBe("function");
      expect(
        MODULES.filter((m) => m === plugin),
        `${pluginName(folder)} in app.ts's MODULES`,
      ).toHaveLength(1);
      registered.push(plugin);
    }
    // And app.ts registers nothing that is not a module's plugin.
    expect(MODULES.filter((m) => !registered.includes(m))).toEqual([]);
  });
});

// No module keeps a timer of its own (issue 25): periodic or later work is a job on the runner (lib/jobs.ts, handed
// to modules as ctx.jobs). A file under src/modules or src/plugins that calls setInterval fails here; setTimeout only
// where it bounds one piece of work that is already running (a deadline, a short wait), never to run work later —
// each such file named with its reason. lib/ holds the runner itself and the worker pool's deadlines.
const srcDir = fileURLToPath(new URL("../src", import.meta.url));
const TIMEOUTS_ALLOWED: Record<string, string> = {
  "modules/outbox/outbox.service.ts": "the deadline of one SMTP delivery the runner's job is making",
  "plugins/health.ts": "the readiness probe's 2 s deadline on its select 1",
  "plugins/idempotency.ts": "a request waiting 50 ms before reading another instance's claim again (bounded wait)",
};
/** setInterval: only for an instance's own memory, which no job can reach. */
const INTERVALS_ALLOWED: Record<string, string> = {
  "plugins/access.ts": "writes behind this instance's in-memory batch of sessions' last use, once a minute",
};
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe("timers", () => {
  const files = ["modules", "plugins"].flatMap((dir) => sourceFiles(join(srcDir, dir)));
  const calling = (pattern: RegExp) =>
    files.filter((file) => pattern.test(readFileSync(file, "utf8"))).map((file) => relative(srcDir, file));

  it("no module or plugin calls setInterval (periodic work runs on the job runner), but for its own memory", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(calling(/\bsetInterval\s*\(/).sort()).toEqual(Object.keys(INTERVALS_ALLOWED).sort());
  });

  it("setTimeout only where it bounds work already running, each with its reason", () => {
    expect(calling(/\bsetTimeout\s*\(/).sort()).toEqual(Object.keys(TIMEOUTS_ALLOWED).sort());
  });
});
