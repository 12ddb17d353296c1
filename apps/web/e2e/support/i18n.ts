/// <reference types="node" />
import { readFileSync } from "node:fs";
import { WEB_ROOT } from "./env.ts";

export type Lang = "es" | "en";
export const LANGS: readonly Lang[] = ["es", "en"];

type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(lang: Lang, ns: string): Tree {
  const key = `${lang}/${ns}`;
  let tree = cache.get(key);
  if (!tree) {
    tree = JSON.parse(readFileSync(`${WEB_ROOT}src/locales/${lang}/${ns}.json`, "utf8")) as Tree;
    cache.set(key, tree);
  }
  return tree;
}

function lookup(tree: Tree, path: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of path.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * The app's own text for `ns:key` (default namespace common), so the tests follow the locale files for ordinary
 * labels. Texts the spec quotes word for word are written literally in the specs instead.
 */
export function t(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":") as [string, string]) : ["common", key];
  // As the app (lib/i18n.ts): what the common namespace lacks is looked up in the shell's.
  const tree = namespace(lang, ns);
  const fallback = ns === "common" ? namespace(lang, "shell") : undefined;
  let text = lookup(tree, path) ?? (fallback && lookup(fallback, path));
  if (text === undefined && typeof params.count === "number") {
    // The language's own plural rule, as i18next picks it (−1 is "one" in both: "−1 punto", "−1 point").
    for (const form of [new Intl.PluralRules(lang).select(params.count), "other"]) {
      const plural = `${path}_${form}`;
      text ??= lookup(tree, plural) ?? (fallback && lookup(fallback, plural));
    }
  }
  if (text === undefined) throw new Error(`missing text ${lang}:${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
