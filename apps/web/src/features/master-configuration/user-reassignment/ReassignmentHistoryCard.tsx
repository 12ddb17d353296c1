import { Badge, Group, Pagination, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { Card } from "../shared/Card.tsx";
import { useReassignmentHistory } from "./api.ts";

/** The school's reassignments, newest first: when, from whom to whom, by whom, how much of each kind. */
export function ReassignmentHistoryCard() {
  const { t } = useTranslation("userReassignment");
  const dates = useDates();
  const [page, setPage] = useState(1);
  const history = useReassignmentHistory(page);
  const data = history.data;
  return (
    <Card title={t("history.title")} description={t("history.description")}>
      {!data ? (
        <QueryState query={history} height={80} />
      ) : data.entries.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("history.empty")}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="reassignment-history">
          {data.entries.map((e) => (
            <Paper key={e.id} withBorder radius="md" p="sm">
              <Stack gap={4}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {t("history.entry", { from: e.from.name, to: e.to.name })}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {dates.dateTime(e.at)}
                  </Text>
                </Group>
                <Text size="xs" c="gray.7">
                  {t("history.by", { name: e.by.name })}
                </Text>
                <Group gap={6} wrap="wrap">
                  {e.counts.map((c) => (
                    <Badge key={c.kind} variant="light" color="gray" c="gray.9" tt="none">
                      {t(`counts.${c.kind}`, { count: c.count })}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {data && data.total > data.per_page && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={Math.ceil(data.total / data.per_page)} size="sm" />
        </Group>
      )}
    </Card>
  );
}
