/**
 * The app itself: its styles, translations and routes. Loaded by src/main.tsx right after the page's first paint
 * (the splash of index.html); the build preloads this module and its stylesheet from index.html, so they download
 * while the splash shows, without holding the splash back.
 */
import "./sign-in-styles.ts";
import "../lib/i18n.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { Providers } from "./Providers.tsx";
import { AppRoutes } from "./router.tsx";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
