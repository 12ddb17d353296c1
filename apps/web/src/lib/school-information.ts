import { DEFAULT_MAX_FILE_SIZE_MB, DEFAULT_TIME_ZONE } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api } from "./api.ts";
import { readThrough } from "./offline/snapshots.ts";
import { useSession } from "./session.ts";

/** The first item of GET /api/schoolInformation (spec §3 School information), as the screens read it (layout, time zone, max file size). */
export interface SchoolInformation {
  id: string;
  name: string;
  logo: string | null;
  institutional_color_1: string;
  institutional_color_2: string;
  institutional_color_3: string;
  institutional_color_4: string;
  max_file_size_in_mb: number;
  time_zone?: string;
  privacy_notice_es: string | null;
  privacy_notice_en: string | null;
  privacy_notice_version: number;
}

export const schoolInformationKey = (schoolId: string | null) => ["school-information", schoolId] as const;

/** Loaded only for users with a role in the selected school (spec §4 Layout). */
export function useSchoolInformation(schoolId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: schoolInformationKey(schoolId),
    // Kept on the device for the registration screen offline (issue 32 §3: time zone, file size limit, colours).
    queryFn: () =>
      readThrough(schoolInformationKey(schoolId), () =>
        api<{ data: { SchoolInformations: SchoolInformation[] } }>("/api/schoolInformation").then(
          (r) => r.data.SchoolInformations[0] ?? null,
        ),
      ),
    networkMode: "always",
    enabled: enabled && schoolId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The selected school's information for screens inside the layout (the layout loaded it: no extra call). */
export function useSelectedSchoolInformation() {
  const { schoolId } = useSession();
  return useSchoolInformation(schoolId, true);
}

/** The selected school's max_file_size_in_mb (spec §3), 2 MB until known. */
export const useMaxFileSizeMb = (): number =>
  useSelectedSchoolInformation().data?.max_file_size_in_mb ?? DEFAULT_MAX_FILE_SIZE_MB;

/** The selected school's time zone: dates and times are shown on the school's clock. */
export const useSchoolTimeZone = (): string => useSelectedSchoolInformation().data?.time_zone || DEFAULT_TIME_ZONE;
