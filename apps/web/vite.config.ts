import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { firstLoad, offlineFiles, signInChunk } from "./scripts/first-load.ts";

const api = "http://127.0.0.1:3000";

/** Libraries every screen, the sign-in page included, runs on: they travel in the sign-in app's chunk. */
const SIGN_IN_LIBRARIES = ["react", "react-dom", "scheduler", "react-router", "i18next", "react-i18next"];

export default defineConfig({
  // Budgets on what is sent (brotli), from issue 11: the sign-in page, and any signed-in screen from a cold cache.
  // The build fails above them. Sign-in 120 → 121 KB (issue 24): the api client's idempotency keys (a UUID made
  // without crypto.randomUUID over plain HTTP) and the one save hook's key rules sit on the sign-in page too.
  // Issue 32 §4 brings the sign-in page back to 120 KB, with the service worker off its path (registered by the
  // signed-in layout once the browser is idle).
  plugins: [
    react(),
    firstLoad({ signInKb: 120, screenKb: 450 }),
    // Issue 32 §3: the service worker (src/sw/sw.ts), built on its own; the build lists into it the files of the
    // offline set (scripts/first-load.ts). The manifest is the server's, in each school's colours
    // (/manifest.webmanifest), and the page registers the worker itself (lib/offline/pwa.ts).
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/sw",
      filename: "sw.ts",
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ["index.html", "*.svg", "assets/*.{js,css}"],
        // Every file of the offline set, whatever its size (the biggest chunk is the sign-in app's).
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter((e) => !e.url.startsWith("assets/") || offlineFiles.has(e.url)),
            warnings: [],
          }),
        ],
      },
    }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: the shim react-i18next imports is not needed (issue 32 §4, sign-in ≤ 120 KB).
    alias: [
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL("./src/lib/sync-external-store.ts", import.meta.url)),
      },
      // Its selector variant (recharts): the one built on React's own hook, without the shim under it.
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: "use-sync-external-store/with-selector.js",
      },
    ],
  },
  server: {
    proxy: {
      "/api": api,
      "/login": { target: api, bypass: (req) => (req.method === "GET" ? req.url : undefined) },
      "/logout": api,
      "/sanctum": api,
      "/uploads": api,
      "/private-uploads": api,
      "/socket.io": { target: api, ws: true },
    },
  },
  // The server writes a fresh nonce over this placeholder in every index.html it sends, and names it in the
  // Content-Security-Policy's style-src (apps/server/src/lib/web-page.ts): Mantine's <style> tags carry it.
  html: { cspNonce: "__CONVIVE_CSP_NONCE__" },
  build: {
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    // Every browser the build targets but Safari 16.4 has modulepreload; there it fetches the modules when they
    // are imported instead (later, not wrong), and the other phones are spared the polyfill.
    modulePreload: { polyfill: false },
    // Everything the sign-in page runs in one file: a phone on a slow network fetches one module, not twenty small
    // ones over six connections. Later screens import what they share with it from there.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Rules of the domain's core that only signed-in screens use, kept out of the sign-in chunk (which takes
            // the dependencies of what it captures, and the core's barrel module names them all).
            {
              name: "domain-rules",
              test: /packages\/domain\/src\/(errors|messages\/|school-time|dates\.ts|help-videos|contrast|mexican-ids|bilingual-lists)/,
              priority: 2,
            },
            { ...signInChunk("src/app/start.tsx", SIGN_IN_LIBRARIES), priority: 1 },
          ],
        },
      },
    },
  },
});
