import { Alert, Button, Group as Row, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import type { UseQueryResult } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";

/**
 * The frame of the incidents and observations configurators: the intro with the 'new' button, a note for readers
 * who may not change anything, the query's loading/error state, the empty panel, then the entries.
 */
export function CatalogueFrame({
  keys,
  canWrite,
  query,
  count,
  onNew,
  emptyIcon,
  children,
}: {
  /** The screen's section in incidentsConfig: its intro, 'new' label and empty texts. */
  keys: "categories" | "observations";
  canWrite: boolean;
  query: UseQueryResult<unknown>;
  count: number;
  onNew: () => void;
  emptyIcon: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("incidentsConfig");
  const newButton = canWrite && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
      {t(`${keys}.new`)}
    </Button>
  );
  const empty = {
    icon: emptyIcon,
    title: t(`${keys}.emptyTitle`),
    description: canWrite ? t(`${keys}.emptyDescription`) : t(`${keys}.emptyReadOnly`),
  };
  const intro = t(`${keys}.intro`);
  return (
    <Stack gap="md">
      <Row justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Text size="sm" c="gray.7" maw={720} style={{ flex: "1 1 320px" }}>
          {intro}
        </Text>
        {count > 0 && newButton}
      </Row>
      {!canWrite && query.data !== undefined && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("readOnly")}
        </Alert>
      )}
      <QueryState query={query} />
      {query.data !== undefined && count === 0 && <EmptyState {...empty} action={newButton} />}
      {count > 0 && children}
    </Stack>
  );
}

/**
 * Removing a configurator entry: an unused one is deleted; a used one (incidents or observations point at it) is
 * offered deactivation instead, with the 'saved' toasts. `keys` is the entry's section in incidentsConfig.
 */
export function askRemove(
  confirm: ReturnType<typeof useConfirm>,
  t: TFunction,
  entry: {
    keys: "categories" | "types" | "observations";
    name: string;
    used: number;
    deactivate: () => Promise<unknown>;
    remove: () => Promise<unknown>;
  },
) {
  const { keys, name, used } = entry;
  if (used > 0) {
    return confirm.ask({
      title: t(`incidentsConfig:${keys}.inUseTitle`, { name }),
      message: t(`incidentsConfig:${keys}.inUseMessage`, { count: used }),
      confirmLabel: t("incidentsConfig:actions.deactivate"),
      action: entry.deactivate,
      successMessage: t("common:messages.saved"),
      failureMessage: t("common:messages.saveFailed"),
    });
  }
  confirm.ask({
    title: t(`incidentsConfig:${keys}.deleteTitle`, { name }),
    message: t(`incidentsConfig:${keys}.deleteMessage`, { name }),
    confirmLabel: t("incidentsConfig:actions.delete"),
    danger: true,
    action: entry.remove,
  });
}
