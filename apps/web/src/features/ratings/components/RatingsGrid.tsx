import type { Grid, GridMeasure } from "@convive/domain";
import { ActionIcon, Group, Menu, Table, Text } from "@mantine/core";
import { IconDotsVertical, IconMessage, IconMessageFilled } from "@tabler/icons-react";
import { type FocusEvent, type KeyboardEvent, memo, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdjustmentsMarker } from "../../inclusion/index.ts";
import { HealthAlertMarker } from "../../nursing/index.ts";
import { type Cursor, commit, type Effect, type GridShape, press } from "../grid-keys.ts";
import type { GridCells } from "../use-grid-cells.ts";
import type { Change } from "../use-undo.tsx";
import { CellState, Typed, useCellText, ValueChip } from "./CellValue.tsx";

interface Props {
  grid: Grid;
  cells: GridCells;
  onFill: (measure: GridMeasure) => void;
  onComment: (studentId: number) => void;
  onInvalid: (message: string | null) => void;
  /** A cell typed or emptied (to undo it later). */
  onChange: (change: Change) => void;
  /** Ctrl+Z. */
  onUndo: () => void;
}

export const measureName = (m: { name_es: string; name_en: string | null }, language: string) =>
  language === "en" && m.name_en ? m.name_en : m.name_es;

/**
 * The desktop grid (issue 13 §2, issue 26 §3): students as rows, conduct and habits as columns, driven by the keyboard
 * alone under the rules of grid-keys.ts — one Tab stop in and one out (roving tabindex), arrows inside without
 * wrapping, typing opens an edit that only a commit writes, Escape restores, Ctrl+Z undoes.
 */
export function RatingsGrid({ grid, cells, onFill, onComment, onInvalid, onChange, onUndo }: Props) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const cellText = useCellText();
  // State for drawing, a ref for the key handler: keys typed faster than a render still see the last ones.
  const [cursor, setCursorState] = useState<Cursor>({ row: 0, col: 0, edit: null });
  const cursorRef = useRef(cursor);
  const setCursor = (next: Cursor) => {
    cursorRef.current = next;
    setCursorState(next);
  };
  const table = useRef<HTMLTableElement>(null);
  const cols = grid.measures.length;
  const editable = grid.editable;
  const shape: GridShape = {
    rows: grid.students.length,
    cols,
    editable,
    header: editable,
    scale: (col) => grid.measures[col]?.scale.definition,
    value: (row, col) => {
      const s = grid.students[row];
      const m = grid.measures[col];
      return s && m ? cells.view(s.id, m.id).value : null;
    },
  };

  // The focus follows the active cell while it is inside the grid.
  useEffect(() => {
    const el = table.current?.querySelector<HTMLElement>(`[data-cell="${cursor.row}:${cursor.col}"]`);
    if (el && table.current?.contains(document.activeElement) && document.activeElement !== el) el.focus();
  }, [cursor.row, cursor.col]);

  function apply(effects: Effect[]) {
    for (const e of effects) {
      const measure = grid.measures[e.kind === "put" || e.kind === "invalid" ? e.col : 0];
      if (e.kind === "put") {
        const student = grid.students[e.row];
        if (!student || !measure) continue;
        const before = cells.view(student.id, measure.id).value;
        cells.put(student.id, measure.id, e.value);
        onChange({ student_id: student.id, measure_id: measure.id, before, after: e.value });
      } else if (e.kind === "invalid" && measure) {
        onInvalid(t("invalid", { typed: e.typed, measure: measureName(measure, language) }));
      } else if (e.kind === "valid") onInvalid(null);
      else if (e.kind === "undo") onUndo();
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    // Keys inside a column menu's dropdown (a portal, but React bubbles it here) are the menu's.
    if (e.altKey || !(e.target instanceof Node && table.current?.contains(e.target))) return;
    const out = press(cursorRef.current, { key: e.key, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey }, shape);
    if (out.handled) e.preventDefault();
    apply(out.effects);
    setCursor(out.cursor);
  }

  /** A click or focus elsewhere in the grid: the open edit is written (or, off the scale, dropped with its message). */
  function goTo(row: number, col: number) {
    const now = cursorRef.current;
    if (now.row === row && now.col === col) return;
    const done = commit(now, shape);
    apply(done.effects);
    setCursor({ row, col, edit: null });
  }

  /** Leaving the grid by mouse: the same as moving away. */
  function onBlur(e: FocusEvent) {
    if (table.current?.contains(e.relatedTarget as Node | null)) return;
    const now = cursorRef.current;
    if (now.edit === null) return;
    apply(commit(now, shape).effects);
    setCursor({ ...now, edit: null });
  }

  // Rows keep their handlers while they draw the same: they call the latest goTo, which sees the latest cells.
  const latestGoTo = useRef(goTo);
  latestGoTo.current = goTo;
  const typed = cursor.edit;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table
        ref={table}
        role="grid"
        aria-label={t("gridLabel", { group: grid.group.label, period: periodName(grid.period, language) })}
        aria-readonly={!editable}
        withTableBorder
        withColumnBorders
        striped
        highlightOnHover
        stickyHeader
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("student")}</Table.Th>
            {grid.measures.map((m, col) => (
              <Table.Th key={m.id} scope="col" miw={110}>
                <Group gap={4} justify="space-between" wrap="nowrap">
                  <Text fz="sm" fw={700}>
                    {measureName(m, language)}
                  </Text>
                  {editable && (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          data-cell={`-1:${col}`}
                          tabIndex={cursor.row === -1 && cursor.col === col ? 0 : -1}
                          onFocus={() => goTo(-1, col)}
                          aria-label={t("fill.menu", { measure: measureName(m, language) })}
                        >
                          <IconDotsVertical size={14} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => onFill(m)}>{t("fill.action")}</Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  )}
                </Group>
              </Table.Th>
            ))}
            <Table.Th scope="col">{t("comment")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.students.map((s, row) => {
            // A row draws again only when something it shows changed: typing stays fast in a long group.
            const signature = [
              ...grid.measures.map((m) => {
                const v = cells.view(s.id, m.id);
                return `${v.value}|${v.status}|${v.error}|${v.rated?.rated_at}`;
              }),
              cursor.row === row ? `${cursor.col}:${typed}` : "",
              s.comment?.text ?? "",
              String(s.comment?.visible_to_family),
              String(editable),
              language,
              String(s.has_adjustments),
              String(s.has_health_alert),
            ].join(",");
            return (
              <MemoRow key={s.id} signature={signature}>
                {() => (
                  <Table.Tr key={s.id}>
                    <Table.Th scope="row" fw={500} fz="sm" style={{ whiteSpace: "nowrap" }}>
                      {s.name}
                      {/* Out of the Tab order: the grid keeps its one Tab stop (issue 26 §3); a click opens it. */}
                      {s.has_health_alert && <HealthAlertMarker studentId={s.id} name={s.name} tabIndex={-1} />}
                      {s.has_adjustments && <AdjustmentsMarker studentId={s.id} name={s.name} tabIndex={-1} />}
                    </Table.Th>
                    {grid.measures.map((m, col) => {
                      const view = cells.view(s.id, m.id);
                      const active = cursor.row === row && cursor.col === col;
                      const editing = active && typed !== null;
                      const text = cellText(view);
                      return (
                        <Table.Td
                          key={m.id}
                          role="gridcell"
                          data-cell={`${row}:${col}`}
                          data-status={view.status ?? undefined}
                          tabIndex={active ? 0 : -1}
                          aria-label={`${t("cellLabel", { measure: measureName(m, language), student: s.name })}: ${editing ? t("editing", { typed, value: text }) : text}`}
                          title={text}
                          onClick={() => latestGoTo.current(row, col)}
                          onFocus={() => latestGoTo.current(row, col)}
                          style={{
                            cursor: editable ? "text" : "default",
                            outline: active ? "2px solid var(--mantine-color-blue-7)" : undefined,
                            outlineOffset: -2,
                            background: view.status === "failed" ? "var(--mantine-color-red-0)" : undefined,
                          }}
                        >
                          <Group gap={6} justify="space-between" wrap="nowrap" mih={26}>
                            {editing ? <Typed text={typed ?? ""} /> : <ValueChip view={view} language={language} />}
                            <CellState
                              view={view}
                              onRetry={() => cells.retry(s.id, m.id)}
                              retryLabel={t("retry", {
                                cell: t("cellLabel", { measure: measureName(m, language), student: s.name }),
                              })}
                            />
                          </Group>
                        </Table.Td>
                      );
                    })}
                    <Table.Td role="gridcell">
                      <ActionIcon
                        data-cell={`${row}:${cols}`}
                        variant={s.comment ? "light" : "subtle"}
                        tabIndex={cursor.row === row && cursor.col === cols ? 0 : -1}
                        aria-label={t("commentDialog.open", { student: s.name })}
                        title={s.comment?.text ?? t("commentDialog.open", { student: s.name })}
                        onClick={() => onComment(s.id)}
                        onFocus={() => latestGoTo.current(row, cols)}
                      >
                        {s.comment ? (
                          <IconMessageFilled size={16} aria-hidden />
                        ) : (
                          <IconMessage size={16} aria-hidden />
                        )}
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                )}
              </MemoRow>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A row kept as drawn while its signature is the same (its handlers read refs, never stale state). */
const MemoRow = memo(
  ({ children }: { signature: string; children: () => ReactNode }) => children(),
  (a, b) => a.signature === b.signature,
);

export const periodName = (p: { name: string; name_en: string | null }, language: string) =>
  language === "en" && p.name_en ? p.name_en : p.name;
