/** The search parameter that opens one announcement over the Messages tab (`?tab=messages&announcement=<id>`). */
export const ANNOUNCEMENT_PARAM = "announcement";

/** The current address with the announcement open (or closed, for null): the back button closes it. */
export function withAnnouncement(search: string, id: number | null) {
  const params = new URLSearchParams(search);
  if (id === null) params.delete(ANNOUNCEMENT_PARAM);
  else params.set(ANNOUNCEMENT_PARAM, String(id));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The announcement the address opens, or null (a malformed value opens nothing). */
export function announcementInSearch(search: string): number | null {
  const value = new URLSearchParams(search).get(ANNOUNCEMENT_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
