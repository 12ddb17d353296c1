import {
  Checkbox,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  type TableThProps,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface Column<T> {
  key: string;
  /** Column heading; `null` hides it visually but keeps it for screen readers (e.g. the actions column). */
  header: ReactNode;
  render: (row: T) => ReactNode;
  width?: TableThProps["w"];
  maw?: number;
}

export interface Selection<T> {
  selected: ReadonlySet<number>;
  /** Rows that cannot be selected show a disabled box (e.g. the user themself). */
  selectable: (row: T) => boolean;
  onChange: (ids: number[], on: boolean) => void;
  pageLabel: string;
  rowLabel: (row: T) => string;
}

export interface PagedListProps<T extends { id: number }> {
  rows: readonly T[];
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  columns: Column<T>[];
  /** A row as a card on a phone, where a wide table would need sideways scrolling. */
  card: (row: T) => ReactNode;
  /** The "N users" line beside the pages. */
  count: ReactNode;
  selection?: Selection<T>;
  /** True while the next page loads with the last one still shown. */
  dimmed?: boolean;
  minWidth?: number;
  verticalSpacing?: "xs" | "sm";
}

/**
 * A paged list: a table from `sm` up, cards on a phone (both in the page; CSS shows one), the count and the pages
 * under it. Paging, sorting and filtering are the server's; the page number comes from `useListParams`.
 */
export function PagedList<T extends { id: number }>(props: PagedListProps<T>) {
  const {
    rows,
    total,
    page,
    perPage,
    onPage,
    columns,
    card,
    count,
    selection,
    dimmed,
    minWidth = 760,
    verticalSpacing = "sm",
  } = props;
  const { t } = useTranslation(["common", "shell"]);
  const pages = Math.max(1, Math.ceil(total / perPage));
  const onPageSelectable = selection ? rows.filter(selection.selectable) : [];
  const all = onPageSelectable.length > 0 && onPageSelectable.every((r) => selection?.selected.has(r.id));
  const some = onPageSelectable.some((r) => selection?.selected.has(r.id));
  const pageBox = (withLabel: boolean) =>
    selection && (
      <Checkbox
        label={withLabel ? selection.pageLabel : undefined}
        aria-label={withLabel ? undefined : selection.pageLabel}
        checked={all}
        indeterminate={some && !all}
        onChange={(e) =>
          selection.onChange(
            onPageSelectable.map((r) => r.id),
            e.currentTarget.checked,
          )
        }
        disabled={onPageSelectable.length === 0}
      />
    );
  const rowBox = (row: T, mt?: number) =>
    selection && (
      <Checkbox
        mt={mt}
        aria-label={selection.rowLabel(row)}
        checked={selection.selected.has(row.id)}
        onChange={(e) => selection.onChange([row.id], e.currentTarget.checked)}
        disabled={!selection.selectable(row)}
      />
    );

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} visibleFrom="sm">
        <Table verticalSpacing={verticalSpacing} highlightOnHover withTableBorder style={{ opacity: dimmed ? 0.6 : 1 }}>
          <Table.Thead>
            <Table.Tr>
              {selection && <Table.Th w={44}>{pageBox(false)}</Table.Th>}
              {columns.map((c) => (
                <Table.Th key={c.key} w={c.width}>
                  {c.header ?? <VisuallyHidden>{t("pagedList.actions")}</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} bg={selection?.selected.has(row.id) ? "var(--mantine-color-gray-1)" : undefined}>
                {selection && <Table.Td>{rowBox(row)}</Table.Td>}
                {columns.map((c) => (
                  <Table.Td key={c.key} maw={c.maw}>
                    {c.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {onPageSelectable.length > 0 && pageBox(true)}
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {rows.map((row) => (
            <Paper key={row.id} component="li" withBorder radius="md" p="sm">
              {selection ? (
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  {rowBox(row, 8)}
                  <div style={{ flex: 1, minWidth: 0 }}>{card(row)}</div>
                </Group>
              ) : (
                card(row)
              )}
            </Paper>
          ))}
        </Stack>
      </Stack>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="gray.7" aria-live="polite">
          {count}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              "aria-label":
                control === "previous" ? t("pagedList.previous") : control === "next" ? t("pagedList.next") : undefined,
            })}
            getItemProps={(p) => ({ "aria-label": t("pagedList.page", { page: p }) })}
          />
        )}
      </Group>
    </>
  );
}
