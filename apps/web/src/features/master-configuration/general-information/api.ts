import type { SchoolInfo, UpdateSchoolInfoBody } from "@convive/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useSetThemeColors } from "../../../app/theme-colors.ts";
import { api } from "../../../lib/api.ts";
import { schoolInformationKey } from "../../../lib/school-information.ts";
import { useSession } from "../../../lib/session.ts";
import { type SaveOptions, useSave } from "../../../lib/use-save.ts";
import { currentUserKey } from "../../auth/index.ts";
import { useMcKey } from "../shared/keys.ts";
import { postRaw } from "../shared/upload.ts";

type Answer = { data: { school_info: SchoolInfo } };

export function useSchoolInfo() {
  const key = useMcKey();
  return useQuery({
    queryKey: key("school-info"),
    queryFn: () => api<Answer>("/api/school-info").then((r) => r.data.school_info),
  });
}

/**
 * Calls that change the school's information, each followed by what the rest of the app shows of it: the
 * layout's school information (logo, name, theme), the colours at once, and the user (a new privacy notice).
 */
export function useSchoolInfoActions() {
  const key = useMcKey();
  const client = useQueryClient();
  const setColors = useSetThemeColors();
  const { userId, schoolId } = useSession();

  const applied = useCallback(
    async (info: SchoolInfo, noticeChanged = false) => {
      client.setQueryData(key("school-info"), info);
      setColors([
        info.institutional_color_1,
        info.institutional_color_2,
        info.institutional_color_3,
        info.institutional_color_4,
      ]);
      await client.invalidateQueries({ queryKey: schoolInformationKey(schoolId) });
      await client.invalidateQueries({ queryKey: key("setup") });
      if (noticeChanged) await client.invalidateQueries({ queryKey: currentUserKey(userId, schoolId) });
      return info;
    },
    [client, key, setColors, schoolId, userId],
  );

  return {
    update: async (body: UpdateSchoolInfoBody, noticeChanged: boolean) =>
      applied((await api<Answer>("/api/school-info", { method: "PATCH", body })).data.school_info, noticeChanged),
    uploadLogo: async (file: File) => applied((await postRaw<Answer>("/api/school-info/logo", file)).data.school_info),
    removeLogo: async () =>
      applied((await api<Answer>("/api/school-info/logo", { method: "DELETE" })).data.school_info),
  };
}

/** PATCH api/school-info with what changed; `noticeChanged` re-reads the user (a new notice to accept). */
export function useUpdateSchoolInfo(o?: SaveOptions) {
  const { update } = useSchoolInfoActions();
  return useSave({
    ...o,
    call: ({ body, noticeChanged }: { body: UpdateSchoolInfoBody; noticeChanged: boolean }) =>
      update(body, noticeChanged),
  });
}
