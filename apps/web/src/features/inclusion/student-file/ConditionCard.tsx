import { ADJUSTMENT_KINDS, BARRIER_CONTEXTS, type Condition } from "@convive/domain";
import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useUpdateCondition } from "../api/inclusion.ts";
import { FileButtons } from "../components/FileButtons.tsx";

/** A labelled block of the card (barriers, adjustments, USAER…): a heading and its lines. */
export function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700} component="h5" m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** One condition as the file shows it: the family sees it too, without the internal notes (null for them). */
export function ConditionCard(props: { condition: Condition; canEdit: boolean; onEdit: () => void }) {
  const { condition: c, canEdit } = props;
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const [ending, setEnding] = useState(false);
  const update = useUpdateCondition({ success: t(c.active ? "condition.endedToast" : "condition.reopenedToast") });
  const toggle = () => void update.submit({ id: c.id, active: !c.active }, () => setEnding(false));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="inclusion-condition"
      aria-label={c.type.label}
      component="article"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} component="h4" size="md" m={0}>
            {c.type.label}
          </Text>
          <Group gap={4}>
            {c.usaer_support && (
              <Badge variant="light" color="indigo" c="indigo.9">
                USAER
              </Badge>
            )}
            <Badge variant="light" color={c.active ? "teal" : "gray"} c="gray.9">
              {t(c.active ? "condition.active" : "condition.ended")}
            </Badge>
          </Group>
        </Group>
        {c.description && <Text size="sm">{c.description}</Text>}
        <Block title={t("form.adjustments")}>
          {c.adjustments.length === 0 && (
            <Text size="sm" c="gray.7">
              {t("marker.none")}
            </Text>
          )}
          {ADJUSTMENT_KINDS.flatMap((kind) => c.adjustments.filter((a) => a.kind === kind)).map((a) => (
            <Stack key={a.id} gap={0} data-testid="condition-adjustment">
              <Group gap={6} wrap="nowrap" align="baseline">
                <Badge size="sm" variant="light" color="indigo" c="indigo.9" style={{ flexShrink: 0 }}>
                  {t(`kind.${a.kind}`)}
                </Badge>
                <Text size="sm">{a.description}</Text>
              </Group>
              <Text size="xs" c="gray.7">
                {t("marker.who", { who: a.applied_by, since: dates.day(a.since) })}
              </Text>
            </Stack>
          ))}
        </Block>
        {c.barriers.length > 0 && (
          <Block title={t("form.barriers")}>
            {BARRIER_CONTEXTS.map((context) => {
              const items = c.barriers.filter((b) => b.context === context);
              return items.length === 0 ? null : (
                <Text key={context} size="sm">
                  <Text span fw={600} inherit>
                    {t(`context.${context}`)}:
                  </Text>{" "}
                  {items.map((b) => b.description).join("; ")}
                </Text>
              );
            })}
          </Block>
        )}
        {c.usaer_support && c.usaer_notes && (
          <Block title={t("form.usaerNotes")}>
            <Text size="sm">{c.usaer_notes}</Text>
          </Block>
        )}
        {c.internal_notes && (
          <Block title={t("form.internal")}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {c.internal_notes}
            </Text>
          </Block>
        )}
        {c.documents.length > 0 && (
          <Block title={t("form.documents")}>
            <FileButtons files={c.documents} />
          </Block>
        )}
        <Text size="xs" c="gray.7">
          {[
            c.review_date ? t("condition.review", { date: dates.day(c.review_date) }) : null,
            t("condition.recorded", { name: c.created_by.name, at: dates.date(c.created_at) }),
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        {canEdit && (
          <Group justify="flex-end" gap="xs">
            {c.active && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={props.onEdit}
                aria-label={t("condition.editName", { type: c.type.label })}
              >
                {t("condition.edit")}
              </Button>
            )}
            <Button
              size="xs"
              variant="subtle"
              color={c.active ? "red" : undefined}
              c={c.active ? "red.9" : undefined}
              onClick={() => (c.active ? setEnding(true) : toggle())}
              loading={!c.active && update.busy}
            >
              {t(c.active ? "condition.end" : "condition.reopen")}
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={ending}
        title={t("condition.endTitle", { type: c.type.label })}
        message={t("condition.endMessage")}
        confirmLabel={t("condition.end")}
        danger
        busy={update.busy}
        onConfirm={toggle}
        onClose={() => setEnding(false)}
      />
    </Paper>
  );
}
