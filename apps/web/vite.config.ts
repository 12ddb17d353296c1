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
  build: { sourcemap: false, chunkSizeWarningLimit: 700 },
});
