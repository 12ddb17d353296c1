import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, Rollup } from "vite";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** The lazy chunks every signed-in screen renders inside (src/app/router.tsx, Guard.tsx). */
const SIGNED_IN_SHELL = ["SignedInGuard", "QueryScope", "Layout"];

/**
 * Screens a teacher must be able to open without a connection (issue 32 §3): the service worker fetches their
 * files at install, with the signed-in shell's, the sign-in set's and every translation.
 */
const OFFLINE_SCREENS = ["RegistrationPage"];
const TRANSLATIONS = /\/locales\/[a-z]{2}\/\w+\.json$/;

/**
 * The files of the offline set, named as in the bundle (assets/…), filled in when the bundle is generated: the
 * service worker's manifest is cut down to them (vite.config.ts), so a phone downloads the screens it needs offline
 * at install and the rest only as they are opened.
 */
export const offlineFiles = new Set<string>();

/** Files smaller than this go out as they are: compressing them saves less than the headers cost. */
const MIN_COMPRESS_BYTES = 1024;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|webmanifest)$/;

const brotli = (data: Buffer) =>
  brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });

interface ModuleInfoLike {
  importedIds: readonly string[];
}

/**
 * Modules the core's barrel makes reachable from the sign-in app that no sign-in code uses: the incidents' rules
 * and constants (issue 32 §4 keeps the sign-in page at 120 KB). They go with the signed-in screens that use them.
 */
const SIGNED_IN_ONLY = /\/packages\/domain\/src\/incidents\.ts$/;

/**
 * A code-splitting group ("start") for what the sign-in app needs in any case: our own modules that `start`
 * (relative to the web app's root) imports statically, directly or through others, and the libraries every
 * screen runs on (`libraries`, package names). Mantine's components stay with automatic chunking: its barrel
 * module imports every component, so "reachable" would mean all of them.
 */
export function signInChunk(start: string, libraries: string[]) {
  const root = resolve(import.meta.dirname, "..", start);
  const library = new RegExp(`/node_modules/(${libraries.map((l) => l.replace(/[/.]/g, "\\$&")).join("|")})/`);
  const ownCode = (id: string) => !id.includes("/node_modules/") && !id.startsWith("\0");
  let reachable: Set<string> | null = null;
  return {
    name(id: string, context: { getModuleInfo: (id: string) => ModuleInfoLike | null }) {
      if (!reachable) {
        reachable = new Set();
        const pending = [root];
        while (pending.length > 0) {
          const next = pending.pop()!;
          if (reachable.has(next) || !ownCode(next)) continue;
          reachable.add(next);
          pending.push(...(context.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      // The bundler's own runtime helpers too: every chunk needs them, and every chunk loads after this one.
      if (SIGNED_IN_ONLY.test(id)) return null;
      return reachable.has(id) || library.test(id) || id.endsWith("rolldown/runtime.js") ? "start" : null;
    },
  };
}

export interface FirstLoadBudgets {
  /** The sign-in page: the entry's JavaScript and CSS and all they import statically, brotli as sent. */
  signInKb: number;
  /** Any signed-in screen from cold: the sign-in set, the signed-in layout's and the screen's. */
  screenKb: number;
}

/**
 * Precompresses every hashed asset (brotli and gzip, written beside it for the server's `preCompressed` static
 * serving) and prints and enforces the first-load budgets on what a browser is actually sent: a build above them
 * fails. Lazy chunks count only for the screens that load them.
 */
export function firstLoad(budgets: FirstLoadBudgets): Plugin {
  let outDir = "dist";
  let sent = new Map<string, number>();
  return {
    name: "convive-first-load",
    apply: "build",
    configResolved(config) {
      // outDir is relative to the web app's root, whatever folder the build was started from.
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      sent = new Map();
      for (const file of Object.values(bundle)) {
        const data = Buffer.from(file.type === "chunk" ? file.code : file.source);
        sent.set(file.fileName, data.length >= MIN_COMPRESS_BYTES ? brotli(data).length : data.length);
      }
      const report = measure(bundle, sent);
      offlineFiles.clear();
      for (const file of offlineSet(bundle)) offlineFiles.add(file);
      const offlineKb = [...offlineFiles].reduce((sum, f) => sum + (sent.get(f) ?? 0), 0) / 1024;
      const kb = (bytes: number) => (bytes / 1024).toFixed(1);
      const lines = [
        `sign-in page: ${kb(report.signIn)} KB JS+CSS brotli (budget ${budgets.signInKb} KB, ${report.signInFiles} files)`,
        `heaviest signed-in screen from cold: ${report.heaviest.name} ${kb(report.heaviest.bytes)} KB (budget ${budgets.screenKb} KB)`,
        `offline set (service worker install): ${offlineFiles.size} files, ${offlineKb.toFixed(1)} KB brotli`,
      ];
      console.log(`\n${lines.join("\n")}`);
      if (process.env.BUNDLE_REPORT) {
        for (const f of report.signInList) console.log(`  sign-in ${f}: ${kb(sent.get(f) ?? 0)} KB`);
        for (const s of report.screens.slice(0, 10)) console.log(`  ${s.name}: ${kb(s.bytes)} KB`);
      }
      if (report.signIn / 1024 > budgets.signInKb) this.error(`${lines[0]} — over budget`);
      if (report.heaviest.bytes / 1024 > budgets.screenKb) this.error(`${lines[1]} — over budget`);
    },
    // The entry only starts the app (src/main.tsx imports src/app/start.tsx): index.html preloads the app's modules
    // and stylesheets — fetched at once, at high priority, yet not blocking the splash's paint as a stylesheet
    // <link> in the head would.
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const bundle = context.bundle;
        const entry = context.chunk;
        if (!bundle || !entry) return [];
        const { js, css } = bootFiles(bundle, entry);
        return [
          ...css.map((href) => ({
            tag: "link",
            attrs: { rel: "preload", as: "style", href: `/${href}`, crossorigin: true },
            injectTo: "head" as const,
          })),
          ...js.map((href) => ({
            tag: "link",
            attrs: { rel: "modulepreload", href: `/${href}`, crossorigin: true },
            injectTo: "head" as const,
          })),
        ];
      },
    },
    writeBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!COMPRESSIBLE.test(file.fileName)) continue;
        const data = Buffer.from(file.type === "chunk" ? file.code : file.source);
        if (data.length < MIN_COMPRESS_BYTES) continue;
        const path = join(outDir, file.fileName);
        writeFileSync(`${path}.br`, brotli(data));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The modules and stylesheets the entry's app import (src/app/start.tsx) needs, beyond the entry's own. */
function bootFiles(bundle: OutputBundle, entry: OutputChunk): { js: string[]; css: string[] } {
  const chunks = chunksOf(bundle);
  const own = closure(chunks, entry.fileName);
  const boot = new Set<string>();
  for (const name of entry.dynamicImports) closure(chunks, name, boot);
  const added = [...boot].filter((f) => !own.has(f));
  return { js: added.filter((f) => f.endsWith(".js")), css: added.filter((f) => f.endsWith(".css")) };
}

function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
  return chunks;
}

/** A chunk, what it imports statically, and the CSS of all of them. */
function closure(chunks: Map<string, OutputChunk>, start: string, into = new Set<string>()): Set<string> {
  const visit = (name: string) => {
    const chunk = chunks.get(name);
    if (!chunk || into.has(name)) return;
    into.add(name);
    for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
    chunk.imports.forEach(visit);
  };
  visit(start);
  return into;
}

/** The sign-in set, the signed-in shell, the offline screens and every translation, with their stylesheets. */
function offlineSet(bundle: OutputBundle): Set<string> {
  const chunks = chunksOf(bundle);
  const entry = [...chunks.values()].find((c) => c.isEntry);
  const files = new Set<string>();
  if (!entry) return files;
  closure(chunks, entry.fileName, files);
  for (const name of entry.dynamicImports) closure(chunks, name, files);
  for (const chunk of chunks.values()) {
    const wanted =
      (chunk.isDynamicEntry && [...SIGNED_IN_SHELL, ...OFFLINE_SCREENS].includes(chunk.name)) ||
      TRANSLATIONS.test(chunk.facadeModuleId ?? "");
    if (wanted) closure(chunks, chunk.fileName, files);
  }
  return files;
}

interface Report {
  signIn: number;
  signInFiles: number;
  signInList: string[];
  screens: { name: string; bytes: number }[];
  heaviest: { name: string; bytes: number };
}

/** The files each load needs. */
function measure(bundle: OutputBundle, sent: Map<string, number>): Report {
  const chunks = chunksOf(bundle);
  const total = (files: Set<string>) => [...files].reduce((sum, f) => sum + (sent.get(f) ?? 0), 0);
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error("no entry chunk");
  // The sign-in page: the entry, and the app it starts at once (preloaded by index.html).
  const signIn = closure(chunks, entry.fileName);
  for (const name of entry.dynamicImports) closure(chunks, name, signIn);
  // Every signed-in screen renders inside the lazy parts of the signed-in shell (the guard with the user, the
  // query client, the layout): its cold load is the sign-in set, theirs and its own.
  const shell = new Set(signIn);
  for (const chunk of chunks.values()) {
    if (chunk.isDynamicEntry && SIGNED_IN_SHELL.includes(chunk.name)) closure(chunks, chunk.fileName, shell);
  }
  const screens = [...chunks.values()]
    .filter((c) => c.isDynamicEntry)
    .map((c) => ({ name: c.name, bytes: total(closure(chunks, c.fileName, new Set(shell))) }))
    .sort((a, b) => b.bytes - a.bytes);
  return {
    signIn: total(signIn),
    signInFiles: signIn.size,
    signInList: [...signIn].sort((a, b) => (sent.get(b) ?? 0) - (sent.get(a) ?? 0)),
    screens,
    heaviest: screens[0] ?? { name: "(none)", bytes: total(shell) },
  };
}
