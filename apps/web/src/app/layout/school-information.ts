import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../lib/api.ts";
import { useSetThemeColors } from "../theme-colors.ts";

/** The first item of GET /api/schoolInformation (spec §3 School information), as much as the layout reads. */
export interface SchoolInformation {
  id: string;
  name: string;
  logo: string | null;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
  max_file_size_in_mb: number;
  privacy_notice_es: string | null;
  privacy_notice_en: string | null;
  privacy_notice_version: number;
}

export const schoolInformationKey = (schoolId: string | null) => ["school-information", schoolId] as const;

/** Loaded only for users with a role in the selected school (spec §4 Layout). */
export function useSchoolInformation(schoolId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: schoolInformationKey(schoolId),
    queryFn: () =>
      api<{ data: { SchoolInformations: SchoolInformation[] } }>("/api/schoolInformation").then(
        (r) => r.data.SchoolInformations[0] ?? null,
      ),
    enabled: enabled && schoolId !== null,
    staleTime: 5 * 60_000,
  });
}

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
