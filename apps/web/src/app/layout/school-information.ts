import { useEffect } from "react";
import type { SchoolInformation } from "../../lib/school-information.ts";
import { useSetThemeColors } from "../theme-colors.ts";

/** Applies the school's four colours to the whole theme while the layout is shown; defaults come back after. */
export function useSchoolColors(info: SchoolInformation | null | undefined) {
  const setColors = useSetThemeColors();
  const c1 = info?.institutional_color_1;
  const c2 = info?.institutional_color_2;
  const c3 = info?.institutional_color_3;
  const c4 = info?.institutional_color_4;
  useEffect(() => {
    if (c1 && c2 && c3 && c4) setColors([c1, c2, c3, c4]);
  }, [setColors, c1, c2, c3, c4]);
}

/** Back to the default colours when the layout goes away (sign-out, school change). */
export function useResetColorsOnLeave(defaults: readonly [string, string, string, string]) {
  const setColors = useSetThemeColors();
  useEffect(() => () => setColors(defaults), [setColors, defaults]);
}
