import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/**
 * Prints the gzipped JavaScript the sign-in route needs (the entry chunk and every chunk it imports
 * statically) and fails the build above the budget. Lazy routes are not counted: they load later.
 */
export function bundleBudget(options: { entryBudgetKb: number }): Plugin {
  return {
    name: "convive-bundle-budget",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((c) => c.type === "chunk")
          .map((c) => [c.fileName, c]),
      );
      const entry = [...chunks.values()].find((c) => c.type === "chunk" && c.isEntry);
      if (entry?.type !== "chunk") return;
      const seen = new Set<string>();
      const visit = (name: string) => {
        const chunk = chunks.get(name);
        if (chunk?.type !== "chunk" || seen.has(name)) return;
        seen.add(name);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      let bytes = 0;
      for (const name of seen) {
        const chunk = chunks.get(name);
        if (chunk?.type === "chunk") bytes += gzipSync(chunk.code).length;
      }
      const kb = bytes / 1024;
      const line = `sign-in route JavaScript: ${kb.toFixed(1)} KB gzipped (budget ${options.entryBudgetKb} KB, ${seen.size} chunks)`;
      this.info(line);
      console.log(`\n${line}`);
      if (kb > options.entryBudgetKb || process.env.BUNDLE_REPORT) {
        // Name the heaviest packages so the fix is obvious.
        const byPackage = new Map<string, number>();
        for (const name of seen) {
          const chunk = chunks.get(name);
          if (chunk?.type !== "chunk") continue;
          for (const [id, info] of Object.entries(chunk.modules)) {
            const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? "(app)";
            byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + info.renderedLength);
          }
        }
        const top = [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12);
        console.log(top.map(([pkg, size]) => `  ${pkg}: ${(size / 1024).toFixed(1)} KB raw`).join("\n"));
      }
      if (kb > options.entryBudgetKb) this.error(`${line} — over budget`);
    },
  };
}
