import type { Grid, GridMeasure } from "@convive/domain";
import { ActionIcon, Group, Menu, Table, Text } from "@mantine/core";
import { IconDotsVertical, IconMessage, IconMessageFilled } from "@tabler/icons-react";
import { type KeyboardEvent, memo, type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { clamp, interpret, nextInOrder } from "../typing.ts";
import type { GridCells } from "../use-grid-cells.ts";
import { CellState, Typed, useCellText, ValueChip } from "./CellValue.tsx";

interface Props {
  grid: Grid;
  cells: GridCells;
  onFill: (measure: GridMeasure) => void;
  onComment: (studentId: number) => void;
  onInvalid: (message: string | null) => void;
}

export const measureName = (m: { name_es: string; name_en: string | null }, language: string) =>
  language === "en" && m.name_en ? m.name_en : m.name_es;

/**
 * The desktop grid (issue 13 §2): students as rows, conduct and habits as columns, driven by the keyboard alone —
 * arrows, Tab and Enter move; typing a mark or a level's first letter sets the cell (and moves on once nothing else
 * could be meant); Delete clears. One cell holds the focus (roving tabindex); the comment column is reached with
 * the arrows.
 */
export function RatingsGrid({ grid, cells, onFill, onComment, onInvalid }: Props) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const cellText = useCellText();
  // State for drawing, refs for the key handler: keys typed faster than a render still see the last ones.
  const [pos, setPosState] = useState({ row: 0, col: 0 });
  const [typed, setTypedState] = useState("");
  const posRef = useRef(pos);
  const typedRef = useRef(typed);
  const setPos = (next: { row: number; col: number }) => {
    posRef.current = next;
    setPosState(next);
  };
  const setTyped = (next: string) => {
    typedRef.current = next;
    setTypedState(next);
  };
  const table = useRef<HTMLTableElement>(null);
  const rows = grid.students.length;
  const cols = grid.measures.length;
  const editable = grid.editable;

  // The focus follows the active cell while it is inside the grid.
  useEffect(() => {
    const el = table.current?.querySelector<HTMLElement>(`[data-cell="${pos.row}:${pos.col}"]`);
    if (el && table.current?.contains(document.activeElement) && document.activeElement !== el) el.focus();
  }, [pos]);

  /** Saves what was typed in the active cell; false when it is not a value of the scale (the cell stays). */
  function commit(): boolean {
    const typed = typedRef.current;
    const student = grid.students[posRef.current.row];
    const measure = grid.measures[posRef.current.col];
    if (!typed || !student || !measure) return true;
    const { value } = interpret(measure.scale.definition, typed);
    if (value === null) {
      onInvalid(t("invalid", { typed, measure: measureName(measure, language) }));
      return false;
    }
    cells.put(student.id, measure.id, value);
    setTyped("");
    onInvalid(null);
    return true;
  }

  const go = (row: number, col: number) => {
    setTyped("");
    setPos({ row: clamp(row, rows - 1), col: clamp(col, cols) });
  };

  function onKeyDown(e: KeyboardEvent) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const pos = posRef.current;
    const typed = typedRef.current;
    const student = grid.students[pos.row];
    const measure = grid.measures[pos.col];
    const onComment = pos.col === cols;
    switch (e.key) {
      case "ArrowRight":
      case "ArrowLeft":
      case "ArrowUp":
      case "ArrowDown": {
        e.preventDefault();
        if (!commit()) return;
        const dr = e.key === "ArrowDown" ? 1 : e.key === "ArrowUp" ? -1 : 0;
        const dc = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
        go(pos.row + dr, pos.col + dc);
        return;
      }
      case "Tab": {
        if (!commit()) {
          e.preventDefault();
          return;
        }
        const next = nextInOrder(pos.row, Math.min(pos.col, cols - 1), rows, cols, e.shiftKey);
        if (next) {
          e.preventDefault();
          go(next.row, next.col);
        }
        return;
      }
      case "Enter":
        if (onComment) return;
        e.preventDefault();
        if (commit()) go(pos.row + 1, pos.col);
        return;
      case "Escape":
        setTyped("");
        onInvalid(null);
        return;
      case "Backspace":
      case "Delete":
        if (onComment || !editable || !student || !measure) return;
        e.preventDefault();
        if (typed) setTyped(e.key === "Backspace" ? typed.slice(0, -1) : "");
        else cells.put(student.id, measure.id, null);
        return;
    }
    if (e.key.length !== 1 || onComment || !editable || !student || !measure) return;
    if (e.key === " " && !typed) return;
    e.preventDefault();
    const buffer = typed + e.key;
    const read = interpret(measure.scale.definition, buffer);
    if (read.final && read.value !== null) {
      cells.put(student.id, measure.id, read.value);
      onInvalid(null);
      const next = nextInOrder(pos.row, pos.col, rows, cols);
      if (next) go(next.row, next.col);
      else setTyped("");
    } else if (read.dead) {
      setTyped("");
      onInvalid(t("invalid", { typed: buffer, measure: measureName(measure, language) }));
    } else {
      setTyped(buffer);
    }
  }

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
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t("student")}</Table.Th>
            {grid.measures.map((m) => (
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
              pos.row === row ? `${pos.col}:${typed}` : "",
              s.comment?.text ?? "",
              String(s.comment?.visible_to_family),
              String(editable),
              language,
            ].join(",");
            return (
              <MemoRow key={s.id} signature={signature}>
                {() => (
                  <Table.Tr key={s.id}>
                    <Table.Th scope="row" fw={500} fz="sm" style={{ whiteSpace: "nowrap" }}>
                      {s.name}
                    </Table.Th>
                    {grid.measures.map((m, col) => {
                      const view = cells.view(s.id, m.id);
                      const active = pos.row === row && pos.col === col;
                      const text = cellText(view);
                      return (
                        <Table.Td
                          key={m.id}
                          role="gridcell"
                          data-cell={`${row}:${col}`}
                          data-status={view.status ?? undefined}
                          tabIndex={active ? 0 : -1}
                          aria-label={`${t("cellLabel", { measure: measureName(m, language), student: s.name })}: ${text}`}
                          title={text}
                          onClick={() => go(row, col)}
                          onFocus={() => (posRef.current.row !== row || posRef.current.col !== col) && go(row, col)}
                          style={{
                            cursor: editable ? "text" : "default",
                            outline: active ? "2px solid var(--mantine-color-blue-7)" : undefined,
                            outlineOffset: -2,
                            background: view.status === "failed" ? "var(--mantine-color-red-0)" : undefined,
                          }}
                        >
                          <Group gap={6} justify="space-between" wrap="nowrap" mih={26}>
                            {active && typed ? <Typed text={typed} /> : <ValueChip view={view} language={language} />}
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
                        tabIndex={pos.row === row && pos.col === cols ? 0 : -1}
                        aria-label={t("commentDialog.open", { student: s.name })}
                        title={s.comment?.text ?? t("commentDialog.open", { student: s.name })}
                        onClick={() => onComment(s.id)}
                        onFocus={() => (posRef.current.row !== row || posRef.current.col !== cols) && go(row, cols)}
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
