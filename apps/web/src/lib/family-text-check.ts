import type { FamilyTextCheck } from "@convive/domain";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "./api.ts";
import { useSession } from "./session.ts";

/** How long typing must pause before the text is checked: a check per pause, not per key. */
const PAUSE_MS = 400;

/**
 * The server's check of a text families will read (POST /api/incidents/family-text-check), once typing pauses:
 * the students it names and how each family of `studentIds` will read it. Null while there is nothing to say
 * (not shown to families, too short, not checked yet, or the check failed: it only advises).
 */
export function useFamilyTextCheck(
  text: string,
  studentIds: readonly number[],
  enabled: boolean,
): FamilyTextCheck | null {
  const { schoolId } = useSession();
  const { i18n } = useTranslation();
  const [debounced] = useDebouncedValue(text, PAUSE_MS);
  const ids = [...new Set(studentIds)].sort((a, b) => a - b);
  const active = enabled && debounced.trim().length >= 2;
  const query = useQuery({
    queryKey: ["family-text", schoolId, i18n.language, debounced, ids],
    queryFn: ({ signal }) =>
      api<{ data: FamilyTextCheck }>("/api/incidents/family-text-check", {
        method: "POST",
        body: { text: debounced, student_ids: ids },
        signal,
      }).then((r) => r.data),
    enabled: active,
    staleTime: 5 * 60_000,
    retry: false,
    // The last answer stays while the next one is on its way: the warning does not blink at every pause.
    placeholderData: (previous) => previous,
  });
  return active && text.trim().length >= 2 ? (query.data ?? null) : null;
}
