import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app.ts";
import { memberOf } from "../helpers/factories.ts";

/**
 * Issue 11, a phone's first load: hashed assets go out precompressed (brotli or gzip, as the browser accepts)
 * and are kept a year; index.html is revalidated; API answers over 1 KB are compressed, small ones are not.
 * The web build here is a small stand-in laid out as `vite build` and apps/web/scripts/first-load.ts write it.
 */
let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify("Convive ".repeat(400))});\n`;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "convive-web-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), '<!doctype html><script nonce="__CONVIVE_CSP_NONCE__"></script>');
  writeFileSync(join(dist, "assets", "index-Abc123.js"), script);
  writeFileSync(join(dist, "assets", "index-Abc123.js.br"), brotliCompressSync(script));
  writeFileSync(join(dist, "assets", "index-Abc123.js.gz"), gzipSync(script));
  writeFileSync(join(dist, "favicon.svg"), "<svg/>");
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: "GET", url, headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the web app's files", () => {
  it("sends a hashed asset as brotli to a browser that accepts it, kept for a year", async () => {
    const res = await get("/assets/index-Abc123.js", "gzip, deflate, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it("sends gzip where brotli is not accepted, and the file as it is where nothing is", async () => {
    const gz = await get("/assets/index-Abc123.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get("/assets/index-Abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("has the page and files without a hash in their name checked again on every use", async () => {
    const page = await get("/incidents", "br");
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).not.toContain("__CONVIVE_CSP_NONCE__");
    const icon = await get("/favicon.svg", "br");
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });
});

describe("API answers", () => {
  it("compresses an answer over 1 KB for a client that accepts it and leaves a small one alone", async () => {
    const { as } = await memberOf(t.app, t.db, "director");
    const big = await as({ method: "GET", url: "/api/incident-categories", headers: { "accept-encoding": "br" } });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    const categories = JSON.parse(brotliDecompressSync(big.rawPayload).toString()).data.categories;
    expect(categories.length).toBeGreaterThan(0);
    expect(big.rawPayload.length).toBeLessThan(brotliDecompressSync(big.rawPayload).length);

    const small = await as({ method: "GET", url: "/api/school-branding", headers: { "accept-encoding": "br" } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json().data).toBeTruthy();
  });
});
