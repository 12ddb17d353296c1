import type { IncidentListItem } from "@convive/domain";
import { formatDate, formatDateTime, formatTime, localizedName } from "@convive/domain/core";
import { Anchor, Card, Group, Skeleton, Stack, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ClassificationBadge, IncidentStatusBadge } from "./badges.tsx";
import { studentName } from "./format.ts";
import type { ArchiveSort } from "./url.ts";

export const detailsPath = (id: number) => `/incident-details?id=${id}`;

/** At most this many students are listed per row; the rest are counted ("+2 más"). */
const SHOWN_STUDENTS = 3;

function Students({ incident }: { incident: IncidentListItem }) {
  const { t } = useTranslation(["archive", "incidents"]);
  const other = t("incidents:otherStudent");
  const shown = incident.students.slice(0, SHOWN_STUDENTS);
  const more = incident.students.length - shown.length;
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
      {shown.map((s, i) => (
        <Text component="li" size="sm" key={s.id ?? `other-${i}`} lh={1.35}>
          <Text span inherit fs={s.name ? undefined : "italic"} c={s.name ? undefined : "gray.7"}>
            {studentName(s, other)}
          </Text>{" "}
          <Text span size="xs" c="gray.7">
            ({t(`incidents:role.${s.role}`)})
          </Text>
        </Text>
      ))}
      {more > 0 && (
        <Text component="li" size="xs" c="gray.7">
          {t("results.moreStudents", { count: more })}
        </Text>
      )}
    </Stack>
  );
}

interface SortHeaderProps {
  label: string;
  field: "occurred_at" | "folio" | "classification";
  sort: ArchiveSort;
  onSort: (sort: ArchiveSort) => void;
}

/** A column header that sorts (descending first: newest, highest folio, most serious). */
function SortHeader({ label, field, sort, onSort }: SortHeaderProps) {
  const { t } = useTranslation("archive");
  const current = sort === field ? "ascending" : sort === `-${field}` ? "descending" : "none";
  const next: ArchiveSort = current === "descending" ? field : `-${field}`;
  const Icon = current === "ascending" ? IconArrowUp : current === "descending" ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={current}>
      <UnstyledButton
        onClick={() => onSort(next)}
        fw={700}
        fz="sm"
        style={{ display: "inline-flex", alignItems: "center", gap: 4 }}
      >
        {label}
        <Icon size={14} aria-hidden style={{ opacity: current === "none" ? 0.5 : 1 }} />
        <VisuallyHidden>
          {t(current === "descending" ? "results.sortAscending" : "results.sortDescending")}
        </VisuallyHidden>
      </UnstyledButton>
    </Table.Th>
  );
}

interface Props {
  incidents: IncidentListItem[];
  timeZone: string;
  sort: ArchiveSort;
  onSort: (sort: ArchiveSort) => void;
  /** Table on wide screens, cards on a phone. */
  layout: "table" | "cards";
}

/** The archive's rows: each opens the incident's details (the folio link, or a click anywhere on the row). */
export function ResultsList({ incidents, timeZone, sort, onSort, layout }: Props) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const navigate = useNavigate();
  const typeOf = (i: IncidentListItem) => localizedName(i.type, lang);
  const categoryOf = (i: IncidentListItem) => localizedName(i.category, lang);
  const when = (i: IncidentListItem) => formatDateTime(i.occurred_at, { lang, timeZone });

  if (layout === "cards") {
    return (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }} aria-label={t("results.label")}>
        {incidents.map((i) => (
          <li key={i.id}>
            <Card
              component={Link}
              to={detailsPath(i.id)}
              withBorder
              radius="md"
              padding="sm"
              style={{ color: "inherit", textDecoration: "none", display: "block" }}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <div style={{ minWidth: 0 }}>
                  <Text fw={700} size="sm">
                    {t("incidents:folio", { folio: i.folio })}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {when(i)}
                  </Text>
                </div>
                <IncidentStatusBadge value={i.status} />
              </Group>
              <Text fw={600} mt={6} lh={1.3}>
                {typeOf(i)}
              </Text>
              <Group gap={6} mt={4} wrap="wrap">
                <ClassificationBadge value={i.classification} />
                <Text size="xs" c="gray.7">
                  {categoryOf(i)}
                </Text>
              </Group>
              <Stack mt={8} gap={4}>
                <Students incident={i} />
                <Text size="xs" c="gray.7">
                  {[i.group?.label, t("results.recordedBy", { name: i.recorded_by.name })].filter(Boolean).join(" · ")}
                </Text>
              </Stack>
            </Card>
          </li>
        ))}
      </Stack>
    );
  }

  const open = (event: MouseEvent, id: number) => {
    // Let the folio link (and any selection of text) work normally.
    if ((event.target as HTMLElement).closest("a") || window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) window.open(detailsPath(id), "_blank", "noopener");
    else void navigate(detailsPath(id));
  };

  return (
    <Table.ScrollContainer minWidth={960}>
      <Table
        verticalSpacing="sm"
        highlightOnHover
        withTableBorder
        bg="var(--mantine-color-body)"
        aria-label={t("results.label")}
      >
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t("results.folio")} field="folio" sort={sort} onSort={onSort} />
            <SortHeader label={t("results.date")} field="occurred_at" sort={sort} onSort={onSort} />
            <Table.Th w="22%">{t("results.students")}</Table.Th>
            <Table.Th w="20%">{t("results.type")}</Table.Th>
            <SortHeader label={t("results.classification")} field="classification" sort={sort} onSort={onSort} />
            <Table.Th>{t("results.status")}</Table.Th>
            <Table.Th>{t("results.group")}</Table.Th>
            <Table.Th>{t("results.recorder")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((i) => (
            <Table.Tr key={i.id} onClick={(e) => open(e, i.id)} style={{ cursor: "pointer", verticalAlign: "top" }}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={detailsPath(i.id)}
                  fw={700}
                  size="sm"
                  aria-label={t("results.open", { folio: i.folio, type: typeOf(i) })}
                >
                  {i.folio}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatDate(i.occurred_at, { lang, timeZone })}
                </Text>
                <Text size="xs" c="gray.7" style={{ whiteSpace: "nowrap" }}>
                  {formatTime(i.occurred_at, { lang, timeZone })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Students incident={i} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} lh={1.3}>
                  {typeOf(i)}
                </Text>
                <Text size="xs" c="gray.7">
                  {categoryOf(i)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ClassificationBadge value={i.classification} />
              </Table.Td>
              <Table.Td>
                <IncidentStatusBadge value={i.status} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{i.group?.label ?? "—"}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{i.recorded_by.name}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Placeholder rows while the first page loads. */
export function ResultsSkeleton({ layout }: { layout: "table" | "cards" }) {
  const { t } = useTranslation();
  const rows = Array.from({ length: layout === "cards" ? 4 : 8 }, (_, i) => i);
  return (
    <Stack gap="sm" role="status" aria-busy="true" aria-label={t("loading")}>
      {rows.map((i) => (
        <Skeleton key={i} h={layout === "cards" ? 148 : 52} radius="md" />
      ))}
    </Stack>
  );
}
