import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The search parameter naming the referral whose details are open: `/support?referral=<id>` (the review reminder's
 * link) or, in the student's file, `?student=<sid>&fileTab=external-support&referral=<id>`.
 */
export const REFERRAL_PARAM = "referral";
/** The student file's own parameter (features/student-file link.ts): a file is open over the screen. */
export const STUDENT_FILE_PARAM = "student";
/** The student file's section key of this feature (the server's modules/external-support section). */
export const SUPPORT_FILE_TAB = "external-support";

/** The referral id the address opens, or null (a malformed value opens nothing). */
export function referralInSearch(search: URLSearchParams): number | null {
  const value = search.get(REFERRAL_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** The open referral in the address, and opening (a history entry: Back closes it) or closing it. */
export function useReferralParam() {
  const [params, setParams] = useSearchParams();
  const id = referralInSearch(params);
  const set = useCallback(
    (next: number | null) =>
      setParams(
        (current) => {
          const url = new URLSearchParams(current);
          if (next === null) url.delete(REFERRAL_PARAM);
          else url.set(REFERRAL_PARAM, String(next));
          return url;
        },
        { replace: next === null },
      ),
    [setParams],
  );
  return { id, params, open: set, close: useCallback(() => set(null), [set]) };
}
