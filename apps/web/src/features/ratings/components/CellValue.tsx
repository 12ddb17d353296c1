import { ActionIcon, Box, Group, Loader, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { shownValue } from "../typing.ts";
import type { CellView } from "../use-grid-cells.ts";

/** A level's colour behind its code, with dark or white text by the colour's lightness. */
export function levelStyle(colour: string | null) {
  if (!colour) return undefined;
  const n = Number.parseInt(colour.slice(1), 16);
  const light = (0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255)) / 255 > 0.6;
  return { background: colour, color: light ? "#1a1b1e" : "#ffffff" };
}

/** The value as a cell shows it: a level's code on its colour, a mark in red when it does not pass. */
export function ValueChip({ view, language }: { view: CellView; language: string }) {
  if (view.value === null) return null;
  const shown = shownValue(view.definition, view.value, language);
  const isLevel = view.definition?.kind === "levels";
  return (
    <Box
      component="span"
      px={isLevel ? 8 : 0}
      py={isLevel ? 2 : 0}
      fw={700}
      fz="sm"
      style={{ borderRadius: 6, ...(isLevel ? levelStyle(shown.colour) : {}) }}
      c={!isLevel && !shown.passing ? "red.8" : undefined}
    >
      {isLevel ? view.value : shown.label}
    </Box>
  );
}

/** The who/when of a stored value, or its save state, as a sentence (title and accessible name). */
export function useCellText() {
  const { t, i18n } = useTranslation("ratings");
  const dates = useDates();
  const language = i18n.resolvedLanguage ?? "es";
  return (view: CellView) => {
    const label = view.value === null ? t("empty") : shownValue(view.definition, view.value, language).label;
    if (view.status === "failed")
      return `${label} — ${view.offline ? t("status.offline") : (view.error ?? t("status.failed"))}`;
    if (view.status === "saving") return `${label} — ${t("status.saving")}`;
    if (view.rated) {
      return t("ratedBy", { label, name: view.rated.rated_by.name, date: dates.dateTime(view.rated.rated_at) });
    }
    return view.status === "saved" ? `${label} — ${t("status.saved")}` : label;
  };
}

/** The save state beside the value: saving, saved, failed (with a retry), offline. */
export function CellState({ view, onRetry, retryLabel }: { view: CellView; onRetry: () => void; retryLabel: string }) {
  const { t } = useTranslation("ratings");
  if (view.status === "saving") return <Loader size={12} aria-hidden data-state="saving" />;
  if (view.status === "saved") {
    return <IconCheck size={14} color="var(--mantine-color-green-8)" aria-hidden data-state="saved" />;
  }
  if (view.status === "failed") {
    return (
      <Group gap={2} wrap="nowrap" data-state="failed">
        {view.offline ? (
          <IconWifiOff size={14} color="var(--mantine-color-red-8)" aria-hidden />
        ) : (
          <IconAlertTriangle size={14} color="var(--mantine-color-red-8)" aria-hidden />
        )}
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red.8"
          tabIndex={-1}
          aria-label={retryLabel}
          title={t("retryAll")}
          onClick={(e) => {
            e.stopPropagation();
            onRetry();
          }}
        >
          <IconRefresh size={14} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  return null;
}

export function Typed({ text }: { text: string }) {
  return (
    <Text span fz="sm" fw={700} c="blue.9" style={{ borderBottom: "2px solid var(--mantine-color-blue-6)" }}>
      {text}
    </Text>
  );
}
