import type { ReadLogEntry } from "@convive/domain";
import { Button, Card, Group, Pagination, Stack, Table, Text } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { downloadReadLogCsv, READ_LOG_PER_PAGE, useReadLog } from "../api/read-log.ts";

/**
 * The Read log tab of a student's file (issue 25 §3): who read the student's sensitive records, with which
 * profile, when, what and from which session, newest first. The server shows the tab only to read-log holders
 * (the Director); a table on a desktop, one card per read on a phone.
 */
export function ReadLogTab({ studentId }: StudentFileTabProps) {
  const { t } = useTranslation("readLog");
  const dates = useDates();
  const isPhone = useIsPhone();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query = useReadLog(studentId, page);
  const data = query.data;
  if (!data) return <QueryState query={query} />;
  const pages = Math.max(1, Math.ceil(data.total / READ_LOG_PER_PAGE));
  const session = (e: ReadLogEntry) => e.session.device ?? t("sessionEnded");
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReadLogCsv(studentId);
    } catch {
      toast("error", t("exportFailed"));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text size="sm" c="gray.7" style={{ flex: 1, minWidth: 200 }}>
          {t("intro")}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          {t("export")}
        </Button>
      </Group>
      {data.entries.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("empty")}
        </Text>
      ) : isPhone ? (
        <Stack gap="sm">
          {data.entries.map((e) => (
            <Card key={e.id} withBorder padding="sm">
              <Text fw={600} size="sm">
                {e.kind_label}
              </Text>
              <Text size="sm">{t("by", { name: e.user.name, profile: e.profile })}</Text>
              <Text size="xs" c="gray.7">
                {dates.dateTime(e.read_at)} · {session(e)}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped aria-label={t("label")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("when")}</Table.Th>
              <Table.Th>{t("who")}</Table.Th>
              <Table.Th>{t("profile")}</Table.Th>
              <Table.Th>{t("what")}</Table.Th>
              <Table.Th>{t("session")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{dates.dateTime(e.read_at)}</Table.Td>
                <Table.Td>{e.user.name}</Table.Td>
                <Table.Td>{e.profile}</Table.Td>
                <Table.Td>
                  {e.kind_label} <Text span size="xs" c="gray.7">{`#${e.record_id}`}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" lineClamp={1} title={session(e)}>
                    {session(e)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            siblings={isPhone ? 0 : 1}
            getItemProps={(p) => ({ "aria-label": t("page", { page: p }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
