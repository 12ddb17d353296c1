import { Group, Pagination, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { FAMILY_READS_PER_PAGE, useFamilyReadLog } from "../api/family-copy.ts";

/** Who at the school opened the child's records (issue 30 §4): name, profile, what and when, newest first. */
export function FamilyReads({ studentId }: { studentId: number }) {
  const { t } = useTranslation("familyCopy");
  const dates = useDates();
  const [page, setPage] = useState(1);
  const query = useFamilyReadLog(studentId, page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / FAMILY_READS_PER_PAGE)) : 1;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t("reads.title")}
        </Title>
        <Text size="sm" c="gray.7">
          {t("reads.intro")}
        </Text>
        {!data ? (
          <QueryState query={query} />
        ) : data.entries.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t("reads.none")}
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            style={{ listStyle: "none", padding: 0, margin: 0 }}
            aria-label={t("reads.title")}
          >
            {data.entries.map((e) => (
              <li key={`${e.read_at}-${e.kind_label}-${e.reader}`} data-testid="family-read">
                <Text size="sm">
                  <b>{e.reader}</b> ({e.profile}) · {e.kind_label}
                </Text>
                <Text size="xs" c="gray.7">
                  {dates.dateTime(e.read_at)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              siblings={0}
              getItemProps={(p) => ({ "aria-label": t("reads.page", { page: p }) })}
            />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
