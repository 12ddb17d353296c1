import type { UnacknowledgedFamily } from "@convive/domain";
import { formatDateTime, localizedName } from "@convive/domain/core";
import { Alert, Anchor, Box, Button, Card, Group, Select, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconBellRinging, IconEyeCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { useRemindFamily, useUnacknowledged } from "../api/acknowledgements.ts";
import { useArchiveFilters } from "../api/archive.ts";
import { relationshipLabel } from "../details/format.ts";
import { detailsPath, ResultsSkeleton } from "./ResultsList.tsx";
import { parseArchiveSearch } from "./url.ts";
import { useSearchUpdate } from "./use-search-update.ts";

/** Rows a page shows, and how many more "Mostrar más" adds (the server answers at most 500). */
const PAGE = 50;
const MAX_ROWS = 500;

/** "Enviar recordatorio" for one family; once sent today it says so and waits for tomorrow. */
function RemindButton({ row }: { row: UnacknowledgedFamily }) {
  const { t } = useTranslation("archive");
  const remind = useRemindFamily(row.incident.id, { success: false, failure: (error) => error.message });
  if (row.members.length === 0) return null;
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconBellRinging size={14} aria-hidden />}
      loading={remind.busy}
      disabled={!row.may_remind}
      onClick={() => void remind.submit(row.student.id, () => toast("success", t("unacknowledged.sent")))}
      aria-label={t(row.may_remind ? "unacknowledged.remindLabel" : "unacknowledged.remindedTodayLabel", {
        name: row.student.name,
        folio: row.incident.folio,
      })}
    >
      {row.may_remind ? t("unacknowledged.remind") : t("unacknowledged.remindedToday")}
    </Button>
  );
}

/**
 * The archive's "Sin acuse" tab (issue 30 §1): per group — the one chosen here, which the archive's group filter
 * shares — the families of this school year's incidents shown to them that have not confirmed they read them,
 * newest incident first, each with a reminder. Staff only; the server keeps it to the reader's scope.
 */
export function UnacknowledgedView({ wide }: { wide: boolean }) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const timeZone = useSchoolTimeZone();
  const [params] = useSearchParams();
  const update = useSearchUpdate();
  const groupId = parseArchiveSearch(params).group_id ?? null;
  const [limit, setLimit] = useState(PAGE);
  const list = useUnacknowledged(groupId, limit);
  const groups = useArchiveFilters().data?.groups ?? [];

  const setGroup = (value: string | null) =>
    update((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set("group_id", value);
      else next.delete("group_id");
      next.delete("page");
      setLimit(PAGE);
      return next;
    });

  const rows = list.data?.families ?? [];
  const when = (iso: string) => formatDateTime(iso, { lang, timeZone });
  const incidentLink = (r: UnacknowledgedFamily) => (
    <Anchor component={Link} to={detailsPath(r.incident.id)} size="sm" fw={600}>
      {t("incidents:folio", { folio: r.incident.folio })}
    </Anchor>
  );
  const family = (r: UnacknowledgedFamily) =>
    r.members.length === 0
      ? t("unacknowledged.noFamily")
      : r.members.map((m) => `${m.user.name} (${relationshipLabel(m.relationship, lang)})`).join(", ");
  const reminded = (r: UnacknowledgedFamily) =>
    r.reminded_at ? t("unacknowledged.remindedAt", { when: when(r.reminded_at) }) : t("unacknowledged.never");

  let body: React.ReactNode;
  if (list.isPending) {
    body = <ResultsSkeleton layout={wide ? "table" : "cards"} />;
  } else if (list.isError && !list.data) {
    body = (
      <Alert color="red" variant="light" role="alert" title={t("unacknowledged.loadError")}>
        <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </Alert>
    );
  } else if (rows.length === 0) {
    body = <EmptyState icon={<IconEyeCheck size={28} />} title={t("unacknowledged.empty")} />;
  } else if (!wide) {
    body = (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("unacknowledged.label")}>
        {rows.map((r) => (
          <Card key={`${r.incident.id}-${r.student.id}`} component="li" withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
                {r.student.name}
              </Text>
              {incidentLink(r)}
            </Group>
            <Text size="xs" c="gray.8">
              {[r.student.group_label, localizedName(r.incident.type, lang), when(r.incident.occurred_at)]
                .filter(Boolean)
                .join(" · ")}
            </Text>
            <Text size="sm" mt={6}>
              {family(r)}
            </Text>
            <Group justify="space-between" gap="xs" mt={6}>
              <Text size="xs" c="gray.8">
                {reminded(r)}
              </Text>
              <RemindButton row={r} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table
          verticalSpacing="sm"
          withTableBorder
          bg="var(--mantine-color-body)"
          aria-label={t("unacknowledged.label")}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("unacknowledged.incident")}</Table.Th>
              <Table.Th>{t("unacknowledged.student")}</Table.Th>
              <Table.Th w="30%">{t("unacknowledged.family")}</Table.Th>
              <Table.Th>{t("unacknowledged.reminder")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("unacknowledged.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={`${r.incident.id}-${r.student.id}`} style={{ verticalAlign: "top" }}>
                <Table.Td>
                  {incidentLink(r)}
                  <Text size="xs" c="gray.8">
                    {localizedName(r.incident.type, lang)} · {when(r.incident.occurred_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.student.name}</Text>
                  <Text size="xs" c="gray.8">
                    {r.student.group_label}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{family(r)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{reminded(r)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <RemindButton row={r} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <Select
        label={t("filters.group_id")}
        placeholder={t("unacknowledged.allGroups")}
        data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
        value={groupId === null ? null : String(groupId)}
        onChange={setGroup}
        clearable
        searchable
        nothingFoundMessage={t("filters.nothingFound")}
        clearButtonProps={{ "aria-label": t("filters.clear", { field: t("filters.group_id") }) }}
        w={wide ? 340 : "100%"}
        comboboxProps={{ withinPortal: true }}
      />
      <Text size="sm" c="gray.8" aria-live="polite" aria-atomic="true">
        {list.data
          ? t(list.data.truncated ? "unacknowledged.countMore" : "unacknowledged.count", { count: rows.length })
          : ""}
      </Text>
      <Box style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: "opacity 120ms" }}>{body}</Box>
      {list.data?.truncated && limit < MAX_ROWS && (
        <Button
          variant="default"
          onClick={() => setLimit((n) => Math.min(n + PAGE, MAX_ROWS))}
          loading={list.isFetching}
          w={wide ? "fit-content" : "100%"}
        >
          {t("unacknowledged.more")}
        </Button>
      )}
    </Stack>
  );
}
