import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Height of the loading skeleton. */
  height?: number;
  /** Shown when the data has arrived and is empty (an empty array, or `isEmpty` says so). */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
}

/**
 * The three states of a query that are not its data: while it loads a skeleton; when it fails the server's reason
 * with a retry; when it is empty the `empty` panel. Otherwise nothing, and the screen draws the data.
 */
export function QueryState<T>({ query, height = 200, empty, isEmpty }: QueryStateProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t("loading")}>
        <Skeleton h={height} radius="lg" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={query.error.message}>
        <Button size="xs" variant="default" onClick={() => void query.refetch()}>
          {t("actions.retry")}
        </Button>
      </Alert>
    );
  }
  const data = query.data;
  const nothing = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  return nothing && empty ? empty : null;
}
