import "./app/sign-in-styles.ts";
import "./lib/i18n.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

import { Providers } from "./app/Providers.tsx";
import { AppRoutes } from "./app/router.tsx";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
