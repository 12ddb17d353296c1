import type { FamilyMember, Student } from "@convive/domain";
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPencil, IconPhone, IconUnlink, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { fullName } from "../shared/format.ts";
import { useFamilyMembers, useUnlinkFamilyMember } from "./api.ts";
import { FamilyInvitations } from "./FamilyInvitations.tsx";
import { FamilyMemberForm } from "./FamilyMemberForm.tsx";

/**
 * The family members of one student, with what each may do (pick up, emergency contact), and those invited who
 * have not accepted yet.
 */
export function FamilyMembers({
  student,
  can,
}: {
  student: Student;
  can: { create: boolean; update: boolean; delete: boolean };
}) {
  const { t } = useTranslation("masterStudents");
  const members = useFamilyMembers(student.id);
  const unlinkMember = useUnlinkFamilyMember();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<{ member: FamilyMember | null } | null>(null);
  const list = members.data?.family_members ?? [];
  const invited = members.data?.invitations ?? [];

  const unlink = (m: FamilyMember) =>
    confirm.ask({
      title: t("family.unlinkTitle", { name: fullName(m) }),
      message: t("family.unlinkMessage", { name: fullName(m), student: student.first_name }),
      confirmLabel: t("family.unlink"),
      danger: true,
      action: () => unlinkMember.run({ studentId: student.id, userId: m.user_id }),
    });

  const addButton = can.create && (
    <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing({ member: null })}>
      {t("family.add")}
    </Button>
  );

  return (
    <Stack gap="sm">
      <QueryState query={members} height={120} />
      {members.data && list.length === 0 && invited.length === 0 && (
        <EmptyState
          order={3}
          icon={<IconUsers size={28} />}
          title={t("family.emptyTitle")}
          description={t("family.emptyDescription")}
          action={addButton}
        />
      )}
      {(list.length > 0 || invited.length > 0) && (
        <Group justify="space-between">
          <Text size="sm" c="gray.7">
            {t("family.count", { count: list.length })}
          </Text>
          {addButton}
        </Group>
      )}
      {list.length > 0 && (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
          {list.map((m) => (
            <Paper key={m.user_id} component="li" withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={4} miw={0}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {fullName(m)}
                    </Text>
                    <Badge variant="light" color="gray" c="gray.9" radius="sm">
                      {t(`relationships.${m.relationship}`, { defaultValue: m.relationship })}
                    </Badge>
                    {!m.is_active && (
                      <Badge variant="light" color="gray" c="gray.8" radius="sm">
                        {t("family.inactive")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="gray.7" style={{ wordBreak: "break-all" }}>
                    {m.email}
                  </Text>
                  {(m.phone || m.alternate_phone) && (
                    <Group gap={4} wrap="nowrap">
                      <IconPhone size={12} aria-hidden />
                      <Text size="xs">{[m.phone, m.alternate_phone].filter(Boolean).join(" · ")}</Text>
                    </Group>
                  )}
                  <Group gap={6}>
                    {m.can_pick_up && (
                      <Badge size="sm" variant="outline" color="teal.9" radius="sm">
                        {t("family.canPickUp")}
                      </Badge>
                    )}
                    {m.is_emergency_contact && (
                      <Badge size="sm" variant="outline" color="red.9" radius="sm">
                        {t("family.emergencyContact")}
                      </Badge>
                    )}
                  </Group>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {can.update && (
                    <ActionIcon
                      variant="subtle"
                      color="gray.8"
                      size="lg"
                      onClick={() => setEditing({ member: m })}
                      aria-label={t("family.editLabel", { name: fullName(m) })}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  )}
                  {can.delete && (
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      size="lg"
                      onClick={() => unlink(m)}
                      aria-label={t("family.unlinkLabel", { name: fullName(m) })}
                    >
                      <IconUnlink size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <FamilyInvitations
        student={student}
        invitations={invited}
        can={{ resend: can.create, cancel: can.create || can.delete }}
      />
      {editing && <FamilyMemberForm studentId={student.id} member={editing.member} onClose={() => setEditing(null)} />}
      {confirm.dialog}
    </Stack>
  );
}
