import { Avatar, Group, Stack, Text } from "@mantine/core";
import { IconUser, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ReferFromIncident } from "../../external-support/index.ts";
import { AdjustmentsMarker } from "../../inclusion/index.ts";
import { HealthAlertMarker } from "../../nursing/index.ts";
import { StudentFileLink } from "../../student-file/index.ts";
import { initials } from "./format.ts";
import { Section } from "./Section.tsx";
import type { DetailView } from "./view.ts";

const ROLE_ORDER = { involved: 0, affected: 1, witness: 2 } as const;

/**
 * The students with their role, and for staff the health alert and adjustments markers beside a name; a family sees
 * other students as "Otro estudiante" (no name, no photo).
 */
export function StudentsCard({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const students = [...view.incident.students].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role]);
  return (
    <Section
      id="students"
      title={t("students.title", { count: students.length })}
      icon={<IconUsers size={18} aria-hidden />}
    >
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
        {students.map((s, index) => (
          <Group component="li" key={s.id ?? `other-${index}`} gap="sm" wrap="nowrap" align="center">
            <Avatar src={s.photo} radius="xl" size={44} color="institutional" alt="" aria-hidden>
              {s.name ? initials(s.name) : <IconUser size={20} aria-hidden />}
            </Avatar>
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              {s.id !== null && s.name ? (
                <Group gap={4} wrap="nowrap">
                  <StudentFileLink
                    studentId={s.id}
                    name={s.name}
                    fw={600}
                    size="sm"
                    style={{ overflowWrap: "anywhere" }}
                  />
                  {s.has_health_alert && <HealthAlertMarker studentId={s.id} name={s.name} />}
                  {s.has_adjustments && <AdjustmentsMarker studentId={s.id} name={s.name} />}
                </Group>
              ) : (
                <Text fw={600} size="sm" fs="italic">
                  {t("incidents:otherStudent")}
                </Text>
              )}
              {(s.enrollment || s.group_label) && (
                <Text size="xs" c="dimmed">
                  {[s.enrollment, s.group_label].filter(Boolean).join(" · ")}
                </Text>
              )}
              <Text size="xs" fw={500} c="gray.8">
                {t(`incidents:role.${s.role}`)}
              </Text>
            </Stack>
          </Group>
        ))}
      </Stack>
      {/* Issue 28 §1: "Canalizar a apoyo externo" for those who may open referrals (nothing for anyone else). */}
      <ReferFromIncident incidentId={view.incident.id} students={students} />
    </Section>
  );
}
