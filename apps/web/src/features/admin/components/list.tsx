import { VisuallyHidden } from "@mantine/core";

/**
 * The admin screens filter their short lists (schools, help videos) in the browser and show them whole: one page
 * of the shared paged list, without pages and with the count said above the list.
 */
export const wholeList = <T,>(rows: readonly T[]) => ({
  rows,
  total: rows.length,
  page: 1,
  perPage: Math.max(1, rows.length),
  onPage: () => {},
  count: null,
});

/** The actions column's heading, there for screen readers only. */
export const actionsHeader = (label: string) => <VisuallyHidden>{label}</VisuallyHidden>;
