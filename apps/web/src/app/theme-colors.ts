import { createContext, useContext } from "react";
import type { InstitutionalColors } from "./theme.ts";

/** Lets the layout apply the selected school's colours once its information is loaded. */
export const ThemeColorsContext = createContext<(colors: InstitutionalColors) => void>(() => {});
export const useSetThemeColors = () => useContext(ThemeColorsContext);
