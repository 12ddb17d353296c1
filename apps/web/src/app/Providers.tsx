import { DEFAULT_INSTITUTIONAL_COLORS } from "@convive/domain/core";
import { MantineProvider } from "@mantine/core";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { styleNonce } from "../lib/csp-nonce.ts";
import { cssVariables, type InstitutionalColors, schoolTheme } from "./theme.ts";
import { ThemeColorsContext } from "./theme-colors.ts";

const Toasts = lazy(() => import("./Toasts.tsx"));

/** Mantine with the school's colours, and the toasts of spec §9 (TanStack Query comes with app/QueryScope.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  const [colors, setColors] = useState<InstitutionalColors>(DEFAULT_INSTITUTIONAL_COLORS);
  const { t } = useTranslation();
  const close = t("actions.close");
  const togglePassword = t("actions.togglePassword");
  const theme = useMemo(() => schoolTheme(colors, { close, togglePassword }), [colors, close, togglePassword]);
  const resolver = useMemo(() => cssVariables(colors), [colors]);
  return (
    <ThemeColorsContext.Provider value={setColors}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={resolver}
        // All of the theme's CSS variables from here, not only those that differ from Mantine's defaults: the
        // sign-in page does not load the 27 KB default-css-variables stylesheet (app/sign-in-styles.ts).
        deduplicateCssVariables={false}
        defaultColorScheme="light"
        getStyleNonce={styleNonce}
      >
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        {children}
      </MantineProvider>
    </ThemeColorsContext.Provider>
  );
}
