import type { Invitation } from "@convive/domain";
import { Badge, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";

/** "Pendiente · vence el 24 ago 2026" or "Vencida · venció el …": an invitation's state for the school. */
export function InvitationStatus({ invitation }: { invitation: Pick<Invitation, "status" | "expires_at"> }) {
  const { t } = useTranslation("masterConfiguration");
  const expired = invitation.status === "expired";
  const date = useDates().date(invitation.expires_at);
  return (
    <Group gap={6} wrap="wrap">
      <Badge variant="light" color={expired ? "red" : "yellow"} c="dark.7" radius="sm">
        {expired ? t("invitations.expired") : t("invitations.pending")}
      </Badge>
      <Text size="xs" c="gray.7">
        {expired ? t("invitations.expiredOn", { date }) : t("invitations.expiresOn", { date })}
      </Text>
    </Group>
  );
}
