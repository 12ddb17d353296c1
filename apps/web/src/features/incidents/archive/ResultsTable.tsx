import type { IncidentListItem } from "@convive/domain";
import { formatDate, formatTime, localizedName } from "@convive/domain/core";
import { Anchor, Table, Text, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { ClassificationBadge, IncidentStatusBadge } from "./badges.tsx";
import type { ArchiveColumn } from "./columns.ts";
import { StudentsCell } from "./students.tsx";
import type { ArchiveSort } from "./url.ts";

export const detailsPath = (id: number) => `/incident-details?id=${id}`;

type SortField = "occurred_at" | "folio" | "classification";

const sortState = (sort: ArchiveSort, field: SortField) =>
  sort === field ? "ascending" : sort === `-${field}` ? "descending" : "none";

/** A column header that sorts (descending first: newest, highest folio, most serious). */
function SortHeader({ label, field, sort, onSort }: { label: string; field: SortField } & SortProps) {
  const { t } = useTranslation("archive");
  const current = sortState(sort, field);
  const next: ArchiveSort = current === "descending" ? field : `-${field}`;
  const Icon = current === "ascending" ? IconArrowUp : current === "descending" ? IconArrowDown : IconArrowsSort;
  return (
    <UnstyledButton
      onClick={() => onSort(next)}
      fw={700}
      fz="sm"
      style={{ display: "inline-flex", alignItems: "center", gap: 4, whiteSpace: "nowrap" }}
    >
      {label}
      <Icon size={14} aria-hidden style={{ opacity: current === "none" ? 0.5 : 1 }} />
      <VisuallyHidden>
        {t(current === "descending" ? "results.sortAscending" : "results.sortDescending")}
      </VisuallyHidden>
    </UnstyledButton>
  );
}

interface SortProps {
  sort: ArchiveSort;
  onSort: (sort: ArchiveSort) => void;
}

interface Column {
  key: "folio" | ArchiveColumn;
  /** Fixed width in px (wider where dense rows truncate); the students and the type share what is left. */
  width?: number;
  sortBy?: SortField;
  cell: (incident: IncidentListItem) => ReactNode;
}

/** Below this the students and the type would be too narrow to read: the table scrolls sideways instead. */
const SHARED_MIN_WIDTH = 100;

interface Props extends SortProps {
  incidents: IncidentListItem[];
  timeZone: string;
  /** The columns the reader shows (columns.ts); the folio always comes first. */
  columns: readonly ArchiveColumn[];
  /**
   * One line per text on a wide window (truncated, the whole text on hover and in the details; two for the type),
   * so a laptop shows eight rows and more above the fold (issue 12 §8); whole texts on a narrower one.
   */
  dense: boolean;
}

/** The archive as a table: each row opens the incident's details (the folio link, or a click anywhere on it). */
export function ResultsTable({ incidents, timeZone, columns, dense, sort, onSort }: Props) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const navigate = useNavigate();
  const fit = dense ? { truncate: "end" as const } : {};
  const typeOf = (i: IncidentListItem) => localizedName(i.type, lang);
  const categoryOf = (i: IncidentListItem) => localizedName(i.category, lang);

  const all: Column[] = [
    {
      key: "folio",
      width: 60,
      sortBy: "folio",
      cell: (i) => (
        <Anchor
          component={Link}
          to={detailsPath(i.id)}
          fw={700}
          size="sm"
          aria-label={t("results.open", { folio: i.folio, type: typeOf(i) })}
        >
          {i.folio}
        </Anchor>
      ),
    },
    {
      key: "date",
      width: 136,
      sortBy: "occurred_at",
      // "25 nov 2026, 10:00" as everywhere (issue 12 §5); the column breaks after the comma only.
      cell: (i) => (
        <Text size="sm" lh={1.3}>
          <span style={{ whiteSpace: "nowrap" }}>{formatDate(i.occurred_at, { lang, timeZone })},</span>{" "}
          <span style={{ whiteSpace: "nowrap" }}>{formatTime(i.occurred_at, { lang, timeZone })}</span>
        </Text>
      ),
    },
    { key: "students", cell: (i) => <StudentsCell incident={i} fit={fit} /> },
    {
      key: "type",
      // Dense: up to two lines, the category in its own column (or the tooltip); otherwise the category under it.
      cell: (i) => (
        <>
          <Text
            size="sm"
            fw={600}
            lh={1.3}
            title={`${typeOf(i)} · ${categoryOf(i)}`}
            lineClamp={dense ? 2 : undefined}
            // A word longer than a narrow column ("Incumplimiento") breaks instead of running into the next one.
            style={{ overflowWrap: "break-word" }}
          >
            {typeOf(i)}
          </Text>
          {!dense && !columns.includes("category") && (
            <Text size="xs" c="gray.7" lh={1.4}>
              {categoryOf(i)}
            </Text>
          )}
        </>
      ),
    },
    {
      key: "category",
      width: dense ? 120 : 104,
      cell: (i) => (
        <Text size="sm" lh={1.3} title={categoryOf(i)} {...fit}>
          {categoryOf(i)}
        </Text>
      ),
    },
    {
      key: "classification",
      width: 136,
      sortBy: "classification",
      cell: (i) => <ClassificationBadge value={i.classification} />,
    },
    { key: "status", width: 100, cell: (i) => <IncidentStatusBadge value={i.status} /> },
    {
      key: "group",
      width: dense ? 124 : 96,
      cell: (i) => (
        <Text size="sm" lh={1.3} title={i.group?.label} {...fit}>
          {i.group?.label ?? "—"}
        </Text>
      ),
    },
    {
      key: "recorder",
      width: dense ? 132 : 110,
      cell: (i) => (
        <Text size="sm" lh={1.3} title={i.recorded_by.name} {...fit}>
          {i.recorded_by.name}
        </Text>
      ),
    },
  ];
  const shown = all.filter((c) => c.key === "folio" || columns.includes(c.key));
  const minWidth = shown.reduce((sum, c) => sum + (c.width ?? SHARED_MIN_WIDTH), 0);

  const open = (event: MouseEvent, id: number) => {
    // Let the links (folio, student) and any selection of text work normally.
    if ((event.target as HTMLElement).closest("a") || window.getSelection()?.toString()) return;
    if (event.metaKey || event.ctrlKey) window.open(detailsPath(id), "_blank", "noopener");
    else void navigate(detailsPath(id));
  };

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        layout="fixed"
        verticalSpacing={6}
        highlightOnHover
        withTableBorder
        bg="var(--mantine-color-body)"
        aria-label={t("results.label")}
      >
        <Table.Thead>
          <Table.Tr>
            {shown.map((c) => {
              const label = t(`results.${c.key}`);
              return (
                <Table.Th
                  key={c.key}
                  w={c.width}
                  aria-sort={c.sortBy ? sortState(sort, c.sortBy) : undefined}
                  style={{ whiteSpace: "nowrap" }}
                >
                  {c.sortBy ? <SortHeader label={label} field={c.sortBy} sort={sort} onSort={onSort} /> : label}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((i) => (
            <Table.Tr key={i.id} onClick={(e) => open(e, i.id)} style={{ cursor: "pointer", verticalAlign: "top" }}>
              {shown.map((c) => (
                <Table.Td key={c.key}>{c.cell(i)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
