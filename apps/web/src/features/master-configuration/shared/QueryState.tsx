import { Alert, Button, Skeleton, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";

/** While data loads: a skeleton; when it fails: the server's reason with a retry. Otherwise nothing. */
export function QueryState({ query, height = 200 }: { query: UseQueryResult<unknown>; height?: number }) {
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
  return null;
}
