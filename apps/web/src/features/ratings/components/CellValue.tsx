import { DARK_TEXT } from "@convive/domain/core";
import { ActionIcon, Box, Group, Loader, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconRefresh, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { shownValue } from "../typing.ts";
import type { CellView } from "../use-grid-cells.ts";

/**
 * A level's colour as a frame around dark text on white: a school's colours need not reach the 4.5:1 text contrast
 * (the starter's green does not), and the code or name says the level anyway — the colour only helps the eye.
 */
export function levelStyle(colour: string | null) {
  if (!colour) return undefined;
  return { border: `2px solid ${colour}`, background: "#ffffff", color: DARK_TEXT };
}

/** A dot of the level's colour before its name (buttons and cards). */
export function LevelDot({ colour }: { colour: string | null }) {
  if (!colour) return null;
  return (
    <Box
      component="span"
      aria-hidden
      w={12}
      h={12}
      style={{ borderRadius: "50%", background: colour, display: "inline-block", flex: "none" }}
    />
  );
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
      c={!isLevel && !shown.passing ? "red.9" : undefined}
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
          color="red.9"
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
