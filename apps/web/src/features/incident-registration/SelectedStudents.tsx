import { STUDENT_ROLES, type StudentRole } from "@convive/domain/core";
import { ActionIcon, Group, Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { AdjustmentsMarker } from "../inclusion/index.ts";
import { HealthAlertMarker } from "../nursing/index.ts";
import { StudentFileLink } from "../student-file/index.ts";
import { StudentAvatar } from "./Bits.tsx";
import type { PickedStudent } from "./incident-form.ts";

/** The chosen students, each with their role in the incident (involved, affected, witness) and a remove button. */
export function SelectedStudents({
  students,
  onRole,
  onRemove,
}: {
  students: PickedStudent[];
  /** Without it the role is not asked (an observation has one student and no roles). */
  onRole?: (index: number, role: StudentRole) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation("registration");
  const headingId = useId();
  if (students.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600} id={headingId}>
        {onRole ? t("students.selected", { count: students.length }) : t("observation.chosen")}
      </Text>
      <Stack gap={6} component="ul" m={0} p={0} aria-labelledby={headingId}>
        {students.map((s, i) => (
          <Paper
            key={s.id}
            component="li"
            withBorder
            radius="md"
            p={8}
            bg="gray.0"
            style={{ listStyle: "none" }}
            data-selected-student={s.id}
          >
            <Group justify="space-between" wrap="wrap" gap={8}>
              <Group wrap="nowrap" gap="sm" style={{ flex: "1 1 180px", minWidth: 0 }}>
                <StudentAvatar name={s.name} photo={s.photo} size={32} />
                <div style={{ minWidth: 0 }}>
                  <Group gap={4} wrap="nowrap">
                    <StudentFileLink
                      studentId={s.id}
                      name={s.name}
                      size="sm"
                      fw={600}
                      lh={1.25}
                      display="block"
                      style={{ overflowWrap: "anywhere" }}
                    />
                    {s.has_health_alert && <HealthAlertMarker studentId={s.id} name={s.name} />}
                    {s.has_adjustments && <AdjustmentsMarker studentId={s.id} name={s.name} />}
                  </Group>
                  {s.group_label && (
                    <Text size="xs" c="gray.7">
                      {s.group_label}
                    </Text>
                  )}
                </div>
              </Group>
              <Group wrap="nowrap" gap={6} style={{ flex: onRole ? "1 1 260px" : "0 0 auto" }} justify="flex-end">
                {onRole && (
                  <SegmentedControl
                    aria-label={t("students.roleOf", { name: s.name })}
                    size="xs"
                    style={{ flex: 1 }}
                    value={s.role}
                    onChange={(role) => onRole(i, role as StudentRole)}
                    data={STUDENT_ROLES.map((r) => ({ value: r, label: t(`incidents:role.${r}`) }))}
                  />
                )}
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size={36}
                  onClick={() => onRemove(i)}
                  aria-label={t("students.remove", { name: s.name })}
                >
                  <IconX size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
