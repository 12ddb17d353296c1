import type { FormativeAction } from "@convive/domain";
import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconChecklist, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { ActionCard } from "./ActionCard.tsx";
import { ActionForm } from "./ActionForm.tsx";
import { countStates, groupByStudent, visibleActions } from "./actions.ts";
import type { DetailView } from "./view.ts";
import { WaiveDialog } from "./WaiveDialog.tsx";

type Dialog =
  | { kind: "create"; studentId: number | null }
  | { kind: "edit"; action: FormativeAction }
  | { kind: "waive"; action: FormativeAction };

/** Formative actions per student, with add, edit, waive and the occurrence checklist. */
export function ActionsPanel({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const { incident } = view;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const actions = visibleActions(incident.formative_actions, incident.students, view.family);
  const groups = groupByStudent(actions, incident.students);
  const counts = countStates(actions);
  const canAdd = incident.allowed.add_formative_actions && incident.status === "open";
  const canUpdate = incident.allowed.update_formative_actions && incident.status === "open";

  const addButton = canAdd && (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setDialog({ kind: "create", studentId: null })}
    >
      {t("actions.add")}
    </Button>
  );

  return (
    <Stack gap="md">
      {actions.length === 0 ? (
        <EmptyState
          order={3}
          icon={<IconChecklist size={28} />}
          title={t("actions.emptyTitle")}
          description={canAdd ? t("actions.emptyDescription") : t("actions.emptyReadOnly")}
          action={addButton}
        />
      ) : (
        <>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("actions.summary", { count: actions.length, open: counts.pending + counts.overdue })}
              {counts.overdue > 0 && ` · ${t("actions.overdueCount", { count: counts.overdue })}`}
            </Text>
            {addButton}
          </Group>
          {groups.map((group) => (
            <Stack
              key={group.studentId ?? "other"}
              gap="xs"
              component="section"
              aria-label={group.name ?? t("incidents:otherStudent")}
            >
              <Title order={4} size="h6">
                {group.name ?? t("incidents:otherStudent")}
              </Title>
              {group.actions.map((action) => (
                <ActionCard
                  key={action.id}
                  action={action}
                  view={view}
                  onEdit={canUpdate ? () => setDialog({ kind: "edit", action }) : undefined}
                  onWaive={canUpdate ? () => setDialog({ kind: "waive", action }) : undefined}
                />
              ))}
            </Stack>
          ))}
        </>
      )}
      {dialog?.kind === "create" && (
        <ActionForm view={view} action={null} studentId={dialog.studentId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === "edit" && <ActionForm view={view} action={dialog.action} onClose={() => setDialog(null)} />}
      {dialog?.kind === "waive" && <WaiveDialog view={view} action={dialog.action} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
