import type { PublicationGroup, PublishResult, RatingPeriod } from "@convive/domain";
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { usePublication, usePublishAction } from "../api/ratings.ts";
import { periodName } from "./RatingsGrid.tsx";

/**
 * "Publicar calificaciones" (issue 26 §1): the groups of the period with their missing grades (the one on screen
 * chosen), a warning and a second step when any is missing, and what a family will see for one student of each
 * chosen group. Families are told only when the unpublish window is over.
 */
export function PublishDialog({
  period,
  groupId,
  opened,
  onClose,
}: {
  period: RatingPeriod;
  groupId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("ratings");
  const language = i18n.resolvedLanguage ?? "es";
  const dates = useDates();
  const preview = usePublication(period.id, opened);
  const action = usePublishAction({ success: false });
  const [chosen, setChosen] = useState<number[]>([groupId]);
  const [confirming, setConfirming] = useState(false);
  const groups = preview.data?.groups ?? [];
  const open = groups.filter((g) => !g.publication);
  const selected = open.filter((g) => chosen.includes(g.id));
  const missing = selected.filter((g) => g.missing > 0);
  const missingCount = missing.reduce((sum, g) => sum + g.missing, 0);
  const close = () => {
    if (action.busy) return;
    setConfirming(false);
    setChosen([groupId]);
    action.clearFailure();
    onClose();
  };
  const toggle = (id: number, on: boolean) => {
    setConfirming(false);
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };
  const publish = () => {
    if (missing.length > 0 && !confirming) {
      setConfirming(true);
      return;
    }
    void action.submit(
      { periodId: period.id, action: "publish", groupIds: selected.map((g) => g.id), confirmEmpty: confirming },
      (data) => {
        const at = (data as PublishResult).notify_at;
        toast("success", t("publishing.publishedToast", { time: dates.time(at) }));
        close();
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t("publishing.title", { period: periodName(period, language) })}
      radius="lg"
      size="lg"
      centered
    >
      {preview.isPending ? (
        <Loader size="sm" aria-label={t("publishing.title", { period: periodName(period, language) })} />
      ) : (
        <Stack gap="md">
          <Checkbox.Group label={t("publishing.groups")} value={chosen.map(String)}>
            <Stack gap="xs" mt="xs">
              {groups.map((g) => (
                <Group key={g.id} justify="space-between" wrap="wrap" gap="xs">
                  <Checkbox
                    value={String(g.id)}
                    label={g.label}
                    disabled={Boolean(g.publication)}
                    checked={!g.publication && chosen.includes(g.id)}
                    onChange={(e) => toggle(g.id, e.currentTarget.checked)}
                  />
                  <GroupCounts group={g} />
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
          {missing.length > 0 && (
            <Alert
              color="yellow"
              c="dark.8"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={t("publishing.warningTitle")}
            >
              <Text size="sm">
                {t("publishing.warning", { count: missingCount, groups: missing.map((g) => g.label).join(", ") })}
              </Text>
              {confirming && (
                <Text size="sm" fw={700} mt="xs">
                  {t("publishing.confirmQuestion")}
                </Text>
              )}
            </Alert>
          )}
          {selected.map((g) => (
            <SamplePreview key={g.id} group={g} />
          ))}
          <Text size="sm" c="dimmed">
            {t("publishing.window", { minutes: Math.round((preview.data?.undo_seconds ?? 600) / 60) })}
          </Text>
          {selected.length === 0 && <Text size="sm">{t("publishing.none")}</Text>}
          {action.failure && (
            <Alert color="red" variant="light" role="alert">
              {action.failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={confirming ? () => setConfirming(false) : close}>
              {confirming ? t("publishing.back") : t("publishing.cancel")}
            </Button>
            <Button
              color={confirming ? "red.9" : undefined}
              onClick={publish}
              loading={action.busy}
              disabled={selected.length === 0}
            >
              {confirming ? t("publishing.confirmAnyway") : t("publishing.submit")}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function GroupCounts({ group }: { group: PublicationGroup }) {
  const { t } = useTranslation("ratings");
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        {t("publishing.students", { count: group.students })}
      </Text>
      {group.publication ? (
        <Badge variant="outline" color="teal.9">
          {t("publishing.alreadyPublished")}
        </Badge>
      ) : group.missing > 0 ? (
        <Badge variant="outline" color="red.9">
          {t("publishing.missing", { count: group.missing })}
        </Badge>
      ) : (
        <Badge variant="outline" color="teal.9">
          {t("publishing.complete")}
        </Badge>
      )}
    </Group>
  );
}

/** What a family will see for the group's first student: values as they read them, "— Sin calificar" for the rest. */
function SamplePreview({ group }: { group: PublicationGroup }) {
  const { t, i18n } = useTranslation("ratings");
  const en = i18n.resolvedLanguage === "en";
  const sample = group.sample;
  if (!sample) return <Text size="sm">{t("publishing.noStudents", { group: group.label })}</Text>;
  const name = (m: { name_es: string; name_en: string | null }) => (en ? (m.name_en ?? m.name_es) : m.name_es);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      aria-label={t("publishing.previewTitle", { student: sample.student.name, group: group.label })}
    >
      <Title order={3} size="h6" mb="xs">
        {t("publishing.previewTitle", { student: sample.student.name, group: group.label })}
      </Title>
      <Stack gap={4}>
        {sample.ratings.map((r) => (
          <Group key={r.measure_id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{name(r)}</Text>
            <Text size="sm" fw={600}>
              {r.label}
            </Text>
          </Group>
        ))}
        {sample.missing.map((m) => (
          <Group key={m.measure_id} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{name(m)}</Text>
            <Text size="sm" c="dimmed">
              {t("publishing.notRated")}
            </Text>
          </Group>
        ))}
        {sample.comment && (
          <Text size="sm" mt="xs">
            {t("publishing.comment", { text: sample.comment })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
