import type { MonitoredStudent } from "@convive/domain";
import { Anchor, Badge, Group, Pagination, Paper, Select, Stack, Switch, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useArchiveFilters } from "../../incidents/index.ts";
import { useStudentFileHref } from "../../student-file/index.ts";
import { MONITORED_PAGE, useMonitored } from "../api/monitored.ts";

/**
 * The school's students under inclusion monitoring (issue 28 §2; the support screen's "Monitored students" tab,
 * inclusion.read): conditions, adjustments, conditioned enrollment and the next review, earliest first. A row opens
 * the student's file on its Inclusion tab, over the screen.
 */
export function MonitoredStudentsPanel() {
  const { t } = useTranslation("inclusion");
  const isPhone = useIsPhone();
  const [text, setText] = useState("");
  const [q] = useDebouncedValue(text, 300);
  const [group, setGroup] = useState<string | null>(null);
  const [due, setDue] = useState(false);
  const [page, setPage] = useState(1);
  const query = useMonitored({ q, groupId: group ? Number(group) : null, due }, page);
  const groups = useArchiveFilters().data?.groups ?? [];
  const filtered = q.trim() !== "" || group !== null || due;
  const list = query.data;
  const pages = list ? Math.max(1, Math.ceil(list.total / MONITORED_PAGE)) : 1;
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  return (
    <Stack gap="md" data-testid="monitored-students">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          type="search"
          label={t("page.search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", sm: 260 }}
        />
        <Select
          label={t("page.group")}
          placeholder={t("page.allGroups")}
          data={groups.map((g) => ({ value: String(g.id), label: g.label }))}
          value={group}
          onChange={reset(setGroup)}
          clearable
          clearButtonProps={{ "aria-label": t("page.clearGroup") }}
          searchable
          comboboxProps={{ withinPortal: true }}
          w={{ base: "100%", sm: 220 }}
        />
        <Switch
          label={t("page.dueOnly")}
          checked={due}
          onChange={(e) => reset(setDue)(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      {!list ? (
        <QueryState query={query} height={200} />
      ) : list.items.length === 0 ? (
        <EmptyState
          order={3}
          icon={<IconUsersGroup size={28} />}
          title={t(filtered ? "page.emptyFiltered" : "page.empty")}
          description={filtered ? undefined : t("page.emptyHelp")}
        />
      ) : (
        <>
          <Text size="sm" c="gray.7" aria-live="polite">
            {t("page.total", { count: list.total })}
          </Text>
          {isPhone ? <MonitoredCards items={list.items} /> : <MonitoredTable items={list.items} />}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                "aria-label":
                  control === "previous"
                    ? t("shell:pagedList.previous")
                    : control === "next"
                      ? t("shell:pagedList.next")
                      : undefined,
              })}
              getItemProps={(p) => ({ "aria-label": t("shell:pagedList.page", { page: p }) })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

function Review({ m }: { m: MonitoredStudent }) {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  if (!m.next_review_date) return <Text size="sm">—</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{dates.day(m.next_review_date)}</Text>
      {m.review_due && (
        <Badge variant="light" color="red" c="red.9" size="sm">
          {t("page.due")}
        </Badge>
      )}
    </Group>
  );
}

function Conditioned({ m }: { m: MonitoredStudent }) {
  const { t } = useTranslation("inclusion");
  return m.conditioned ? (
    <Badge variant="light" color="orange" c="gray.9" size="sm">
      {t("page.conditioned")}
    </Badge>
  ) : null;
}

function MonitoredTable({ items }: { items: MonitoredStudent[] }) {
  const { t } = useTranslation("inclusion");
  const href = useStudentFileHref();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t("page.monitored")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("page.student")}</Table.Th>
            <Table.Th>{t("page.groupColumn")}</Table.Th>
            <Table.Th>{t("tab.conditions")}</Table.Th>
            <Table.Th>{t("form.adjustments")}</Table.Th>
            <Table.Th>{t("tab.enrollment")}</Table.Th>
            <Table.Th>{t("page.nextReview")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((m) => (
            <Table.Tr key={m.student.id} data-testid="monitored-row">
              <Table.Td>
                <Anchor component={Link} to={href(m.student.id, "inclusion")} fw={600} size="sm">
                  {m.student.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{m.student.group ?? "—"}</Table.Td>
              <Table.Td>{m.conditions.join(", ") || "—"}</Table.Td>
              <Table.Td>{m.adjustments}</Table.Td>
              <Table.Td>{m.conditioned ? <Conditioned m={m} /> : "—"}</Table.Td>
              <Table.Td>
                <Review m={m} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MonitoredCards({ items }: { items: MonitoredStudent[] }) {
  const { t } = useTranslation("inclusion");
  const href = useStudentFileHref();
  return (
    <Stack gap="xs" component="ul" m={0} p={0} aria-label={t("page.monitored")} style={{ listStyle: "none" }}>
      {items.map((m) => (
        <Paper key={m.student.id} component="li" withBorder radius="md" p="sm" data-testid="monitored-row">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Anchor component={Link} to={href(m.student.id, "inclusion")} fw={600}>
                {m.student.name}
              </Anchor>
              <Conditioned m={m} />
            </Group>
            <Text size="xs" c="gray.7">
              {[m.student.group, m.conditions.join(", ")].filter(Boolean).join(" · ")}
            </Text>
            <Group gap="md" wrap="wrap">
              <Text size="sm">{t("page.adjustmentsCount", { count: m.adjustments })}</Text>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" c="gray.7">
                  {t("page.nextReview")}:
                </Text>
                <Review m={m} />
              </Group>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
