import type { Invitation, Student } from "@convive/domain";
import { Badge, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { fullName } from "../shared/format.ts";
import { InvitationActions } from "../shared/InvitationActions.tsx";
import { InvitationStatus } from "../shared/InvitationStatus.tsx";
import { useCancelFamilyInvitation, useResendFamilyInvitation } from "./api.ts";

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
  const resend = useResendFamilyInvitation();
  const cancel = useCancelFamilyInvitation();
  const confirm = useConfirm();
  if (invitations.length === 0) return null;

  const ask = (i: Invitation) =>
    confirm.ask({
      title: t("family.cancelInvitationTitle", { email: i.email }),
      message: t("family.cancelInvitationMessage", { student: student.first_name }),
      confirmLabel: t("family.cancelInvitation"),
      danger: true,
      action: () => cancel.run({ studentId: student.id, id: i.id }),
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
                <InvitationActions
                  resend={
                    can.resend
                      ? {
                          label: t("family.resendInvitation"),
                          ariaLabel: t("family.resendInvitationLabel", { email: i.email }),
                          run: () => resend.run({ studentId: student.id, id: i.id }),
                          resent: t("family.invitationResent", { email: i.email }),
                        }
                      : undefined
                  }
                  cancel={
                    can.cancel
                      ? {
                          label: t("family.cancelInvitation"),
                          ariaLabel: t("family.cancelInvitationLabel", { email: i.email }),
                          onClick: () => ask(i),
                        }
                      : undefined
                  }
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {confirm.dialog}
    </Stack>
  );
}
