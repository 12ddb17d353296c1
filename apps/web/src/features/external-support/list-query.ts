/** The list's status filter: open (the default), closed or every referral. */
export const REFERRAL_LIST_STATUSES = ["open", "closed", "all"] as const;

/** The status an address names, or the default (a stale or mistyped value shows the open ones). */
export const statusFilter = (value: string): ReferralFilters["status"] =>
  (REFERRAL_LIST_STATUSES as readonly string[]).includes(value) ? (value as ReferralFilters["status"]) : "open";

/** The support screen's filters, as GET /api/referrals reads them ("" = not filtered). */
export interface ReferralFilters {
  status: (typeof REFERRAL_LIST_STATUSES)[number];
  due: "" | "true";
  group_id: string;
  q: string;
}

export const REFERRALS_PER_PAGE = 20;

/** GET /api/referrals's query for a page of the list (a page of REFERRALS_PER_PAGE). */
export function referralListQuery(filters: ReferralFilters, page: number) {
  const params = new URLSearchParams({
    status: filters.status,
    limit: String(REFERRALS_PER_PAGE),
    offset: String((page - 1) * REFERRALS_PER_PAGE),
  });
  if (filters.due) params.set("due", "true");
  if (filters.group_id) params.set("group_id", filters.group_id);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  return params.toString();
}
