import type { Invitation, Student } from "@convive/domain";
import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconMailForward, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { toast } from "../../../lib/toast.ts";
import { fullName } from "../shared/format.ts";
import { InvitationStatus } from "../shared/InvitationStatus.tsx";
import { useRefreshAll } from "../shared/keys.ts";
import { cancelFamilyInvitation, resendFamilyInvitation } from "./api.ts";

/**
 * The student's family members invited but not yet accepted: they are linked to the student when they accept.
 * Shows only what the school typed, the relationship, pending or expired; resend gives a new 7-day link.
 */
export function FamilyInvitations({
  student,
  invitations,
  can,
}: {
  student: Student;
  invitations: Invitation[];
  can: { resend: boolean; cancel: boolean };
}) {
  const { t } = useTranslation("masterStudents");
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const [sending, setSending] = useState<number | null>(null);
  if (invitations.length === 0) return null;

  const resend = async (i: Invitation) => {
    setSending(i.id);
    try {
      await resendFamilyInvitation(student.id, i.id);
      toast("success", t("family.invitationResent", { email: i.email }));
      await refresh();
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setSending(null);
    }
  };
  const cancel = (i: Invitation) =>
    confirm.ask({
      title: t("family.cancelInvitationTitle", { email: i.email }),
      message: t("family.cancelInvitationMessage", { student: student.first_name }),
      confirmLabel: t("family.cancelInvitation"),
      danger: true,
      action: async () => {
        await cancelFamilyInvitation(student.id, i.id);
        await refresh();
      },
    });

  return (
    <Stack gap="xs" component="section" aria-labelledby={`family-invitations-${student.id}`}>
      <Title order={3} size="h6" id={`family-invitations-${student.id}`}>
        {t("family.invitationsTitle")}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {invitations.map((i) => {
          const link = i.students.find((s) => s.id === student.id);
          return (
            <Paper key={i.id} component="li" withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={4} miw={0}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {fullName(i) || i.email}
                    </Text>
                    {link && (
                      <Badge variant="light" color="gray" c="gray.9" radius="sm">
                        {t(`relationships.${link.relationship}`, { defaultValue: link.relationship })}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="gray.7" style={{ wordBreak: "break-all" }}>
                    {i.email}
                  </Text>
                  <InvitationStatus invitation={i} />
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {can.resend && (
                    <Tooltip label={t("family.resendInvitation")} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="gray.8"
                        size="lg"
                        loading={sending === i.id}
                        onClick={() => void resend(i)}
                        aria-label={t("family.resendInvitationLabel", { email: i.email })}
                      >
                        <IconMailForward size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                  {can.cancel && (
                    <Tooltip label={t("family.cancelInvitation")} withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        onClick={() => cancel(i)}
                        aria-label={t("family.cancelInvitationLabel", { email: i.email })}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {confirm.dialog}
    </Stack>
  );
}
