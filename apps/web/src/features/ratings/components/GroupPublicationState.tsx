import { Button, Group, Text } from "@mantine/core";
import { IconArrowBackUp, IconSend } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { usePublication, usePublishAction } from "../api/ratings.ts";

/**
 * The group on screen and the period's publication (issue 26 §1): "Publicar calificaciones" while unpublished;
 * "Publicado — las familias recibirán el aviso a las HH:MM" with "Anular publicación" during the window; then
 * published and told.
 */
export function GroupPublicationState({
  periodId,
  groupId,
  onPublish,
}: {
  periodId: number;
  groupId: number;
  onPublish: () => void;
}) {
  const { t } = useTranslation("ratings");
  const dates = useDates();
  const state = usePublication(periodId, true, [groupId]);
  const undo = usePublishAction({ success: false, failure: (error) => error.message });
  const publication = state.data?.groups[0]?.publication ?? null;
  if (!state.data) return null;
  if (!publication) {
    return (
      <Button leftSection={<IconSend size={16} aria-hidden />} onClick={onPublish}>
        {t("periodActions.publish")}
      </Button>
    );
  }
  if (!publication.can_unpublish) {
    return (
      <Text size="sm" c="teal.9" fw={600} role="status">
        {t("publishing.notified")}
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="teal.9" fw={600} role="status">
        {t("publishing.pending", { time: dates.time(publication.notify_at) })}
      </Text>
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        loading={undo.busy}
        onClick={() =>
          void undo.submit({ periodId, action: "unpublish", groupIds: [groupId] }, () =>
            toast("success", t("publishing.unpublished")),
          )
        }
      >
        {t("publishing.unpublish")}
      </Button>
    </Group>
  );
}
