import { DEFAULT_INSTITUTIONAL_COLORS } from "@convive/domain/core";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { styleNonce } from "../lib/csp-nonce.ts";
import { queryClient } from "../lib/query-client.ts";
import { cssVariables, type InstitutionalColors, schoolTheme } from "./theme.ts";
import { ThemeColorsContext } from "./theme-colors.ts";

const Toasts = lazy(() => import("./Toasts.tsx"));

/** Mantine with the school's colours, TanStack Query, and the toasts of spec §9. */
export function Providers({ children }: { children: ReactNode }) {
  const [colors, setColors] = useState<InstitutionalColors>(DEFAULT_INSTITUTIONAL_COLORS);
  const { t } = useTranslation();
  const close = t("actions.close");
  const togglePassword = t("actions.togglePassword");
  const theme = useMemo(() => schoolTheme(colors, { close, togglePassword }), [colors, close, togglePassword]);
  const resolver = useMemo(() => cssVariables(colors), [colors]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeColorsContext.Provider value={setColors}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={resolver}
          defaultColorScheme="light"
          getStyleNonce={styleNonce}
        >
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
          {children}
        </MantineProvider>
      </ThemeColorsContext.Provider>
    </QueryClientProvider>
  );
}
