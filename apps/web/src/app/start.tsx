/**
 * The app itself: its styles, translations and routes. Loaded by src/main.tsx right after the page's first paint
 * (the splash of index.html); the build preloads this module and its stylesheet from index.html, so they download
 * while the splash shows, without holding the splash back.
 */
import "./sign-in-styles.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "../lib/i18n.ts";

import { Providers } from "./Providers.tsx";
import { AppRoutes } from "./router.tsx";

// English texts arrive before the first render when English is the device's language (no Spanish flash).
await i18nReady.catch((error: unknown) => console.warn("translations not loaded", error));

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
