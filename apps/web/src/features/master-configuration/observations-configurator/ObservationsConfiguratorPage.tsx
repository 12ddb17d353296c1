import type { ObservationType } from "@convive/domain";
import { Alert, Button, Group as Row, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconPlus, IconStar } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useAccess } from "../shared/access.ts";
import { useLocalName } from "../shared/catalogue.tsx";
import { byLabel } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { deleteObservationType, updateObservationType, useObservationTypes } from "./api.ts";
import { ObservationTypeForm } from "./ObservationTypeForm.tsx";
import { ObservationTypesList } from "./ObservationTypesList.tsx";

/**
 * master-configuration/observations-configurator: the accompaniment observation types, positive or neutral, with
 * their points. A used type is deactivated, not deleted.
 */
export default function ObservationsConfiguratorPage() {
  const { t, i18n } = useTranslation("incidentsConfig");
  const access = useAccess();
  const canWrite = access.can("master-configuration-incident-configurator", "update");
  const types = useObservationTypes();
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const localName = useLocalName();
  const [editing, setEditing] = useState<{ type: ObservationType | null } | null>(null);
  const compare = byLabel(i18n.resolvedLanguage ?? "es");
  // Positive first (as the server sends them), then by the name the reader sees.
  const list = [...(types.data ?? [])].sort((a, b) =>
    a.kind === b.kind ? compare(localName(a), localName(b)) : a.kind === "positive" ? -1 : 1,
  );

  const setActive = async (type: ObservationType, active: boolean) => {
    await updateObservationType(type.id, { is_active: active });
    await refresh();
  };

  const remove = (type: ObservationType) => {
    const name = localName(type);
    if (type.observations_count > 0) {
      return confirm.ask({
        title: t("observations.inUseTitle", { name }),
        message: t("observations.inUseMessage", { count: type.observations_count }),
        confirmLabel: t("actions.deactivate"),
        action: () => setActive(type, false),
        successMessage: t("common:messages.saved"),
        failureMessage: t("common:messages.saveFailed"),
      });
    }
    confirm.ask({
      title: t("observations.deleteTitle", { name }),
      message: t("observations.deleteMessage", { name }),
      confirmLabel: t("actions.delete"),
      danger: true,
      action: async () => {
        await deleteObservationType(type.id);
        await refresh();
      },
    });
  };

  const newType = canWrite && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ type: null })}>
      {t("observations.new")}
    </Button>
  );

  return (
    <MasterConfigurationPage>
      <Stack gap="md">
        <Row justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Text size="sm" c="gray.7" maw={720} style={{ flex: "1 1 320px" }}>
            {t("observations.intro")}
          </Text>
          {list.length > 0 && newType}
        </Row>
        {!canWrite && types.data && (
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t("readOnly")}
          </Alert>
        )}
        <QueryState query={types} />
        {types.data && list.length === 0 && (
          <EmptyState
            icon={<IconStar size={28} />}
            title={t("observations.emptyTitle")}
            description={canWrite ? t("observations.emptyDescription") : t("observations.emptyReadOnly")}
            action={newType}
          />
        )}
        {list.length > 0 && (
          <ObservationTypesList
            types={list}
            onEdit={canWrite ? (type) => setEditing({ type }) : undefined}
            onDelete={canWrite ? remove : undefined}
            onToggle={canWrite ? setActive : undefined}
          />
        )}
      </Stack>
      {editing && <ObservationTypeForm type={editing.type} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
