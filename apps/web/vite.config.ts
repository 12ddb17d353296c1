import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleBudget } from "./scripts/bundle-budget.ts";

const api = "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), bundleBudget({ entryBudgetKb: 170 })],
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
  build: { sourcemap: false, chunkSizeWarningLimit: 700 },
});
