import { Button, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";

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

/** The create button of an admin list (also the empty state's action). */
export const CreateButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
    {label}
  </Button>
);

/** Loading, failure with a retry, or the empty state inviting to create the first one. */
export function ListState<T>(props: {
  query: UseQueryResult<T[]>;
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactNode;
}) {
  const { query, ...empty } = props;
  return <QueryState query={query} height={240} empty={<EmptyState {...empty} />} />;
}
