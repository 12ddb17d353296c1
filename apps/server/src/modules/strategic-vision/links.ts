/**
 * The archive addresses the dashboard's figures open (issue 14 §1: "every figure, bar and cell opens the archive
 * already filtered to exactly those incidents"). The names are the archive's URL filters (ArchiveQuery of the
 * domain, read by the archive screen's url.ts); the dashboard counts with the same conditions the archive applies
 * to them, and test/api/strategic-vision.test.ts checks that the archive counts what the figure says.
 */
export type ArchiveParams = Partial<
  Record<
    | "from"
    | "to"
    | "status"
    | "not_status"
    | "classification"
    | "category_id"
    | "type_id"
    | "section_id"
    | "grade_id"
    | "group_id"
    | "student_id"
    | "recorded_by"
    | "weekday"
    | "hour"
    | "place",
    string | number
  >
>;

export const ARCHIVE_PATH = "/incident-details";

/** The archive's address with these filters (in a stable order). */
export function archiveLink(params: ArchiveParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${ARCHIVE_PATH}?${query}` : ARCHIVE_PATH;
}

/** The formative actions to follow that are overdue (the archive's second tab). */
export const OVERDUE_ACTIONS_LINK = `${ARCHIVE_PATH}?tab=actions&state=overdue&scope=all`;

/** One incident's details. */
export const incidentLink = (id: number) => `${ARCHIVE_PATH}?id=${id}`;
