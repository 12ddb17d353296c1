import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api.ts";
import i18n from "../../../lib/i18n.ts";
import { useSave } from "../../../lib/use-save.ts";

/** One e-mail whose tries are spent (GET /api/unsent-emails, or /api/admin/unsent-emails for root). */
export interface UnsentEmail {
  id: string;
  recipient: string;
  subject: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  failed_at: string | null;
}

/** "school": the Director's list of the school's mail; "platform": root's list of mail without a school. */
export type UnsentScope = "school" | "platform";

const base = (scope: UnsentScope) => (scope === "school" ? "/api/unsent-emails" : "/api/admin/unsent-emails");
const keyOf = (scope: UnsentScope) => ["unsent-emails", scope] as const;

/** The unsent list (issue 25 §2, spec §8 "Unsent email list"), looked at again every 30 s while shown. */
export function useUnsentEmails(scope: UnsentScope) {
  return useQuery({
    queryKey: keyOf(scope),
    queryFn: () => api<{ data: UnsentEmail[] }>(base(scope), { noSchool: scope === "platform" }).then((r) => r.data),
    refetchInterval: 30_000,
  });
}

/** Sends an unsent e-mail again; it leaves the list at once and comes back only if it fails again. */
export const useRetryUnsent = (scope: UnsentScope) =>
  useSave({
    success: i18n.t("outbox:retried"),
    call: (id: string) => api(`${base(scope)}/${id}/retry`, { method: "POST", noSchool: scope === "platform" }),
    invalidates: [keyOf(scope)],
  });
