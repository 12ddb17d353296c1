import type { IncidentListItem } from "@convive/domain";
import { formatDateTime, localizedName } from "@convive/domain/core";
import { Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ClassificationBadge, IncidentStatusBadge } from "./badges.tsx";
import type { ArchiveColumn } from "./columns.ts";
import { detailsPath, ResultsTable } from "./ResultsTable.tsx";
import { Students } from "./students.tsx";
import type { ArchiveSort } from "./url.ts";

export { detailsPath };

interface Props {
  incidents: IncidentListItem[];
  timeZone: string;
  sort: ArchiveSort;
  onSort: (sort: ArchiveSort) => void;
  /** Table on wide screens, cards on a phone. */
  layout: "table" | "cards";
  /** The table's columns (columns.ts) and whether its rows keep to one line per text (ResultsTable). */
  columns: readonly ArchiveColumn[];
  dense: boolean;
}

/** The archive's rows, each opening the incident's details: a table (ResultsTable) or, on a phone, cards. */
export function ResultsList({ incidents, timeZone, sort, onSort, layout, columns, dense }: Props) {
  const { t, i18n } = useTranslation(["archive", "incidents"]);
  const lang = i18n.resolvedLanguage ?? "es";
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

  return (
    <ResultsTable
      incidents={incidents}
      timeZone={timeZone}
      sort={sort}
      onSort={onSort}
      columns={columns}
      dense={dense}
    />
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
