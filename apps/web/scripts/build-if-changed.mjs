// `npm start` rebuilds the web app only when what it is built from changed since the last build: its sources,
// the domain package it bundles, the build configuration and the locked dependencies. The fingerprint is kept in
// dist/.build-fingerprint; a missing dist or fingerprint builds.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const web = new URL("..", import.meta.url).pathname;
const root = join(web, "../..");
const inputs = [
  join(web, "src"),
  join(web, "public"),
  join(web, "scripts"),
  join(web, "index.html"),
  join(web, "vite.config.ts"),
  join(web, "package.json"),
  join(root, "packages/domain/src"),
  join(root, "package-lock.json"),
];

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((e) => files(join(path, e.name)));
}

const hash = createHash("sha256");
for (const file of inputs.flatMap(files).sort()) {
  hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
}
const fingerprint = hash.digest("hex");
const stamp = join(web, "dist", ".build-fingerprint");
if (existsSync(stamp) && readFileSync(stamp, "utf8") === fingerprint) {
  console.log("web app unchanged since its last build: not rebuilt");
} else {
  execFileSync("npx", ["vite", "build"], { cwd: web, stdio: "inherit" });
  writeFileSync(stamp, fingerprint);
}
