import type { Condition, ConditionedEnrollment } from "@convive/domain";
import { Alert, Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { useStudentInclusion } from "../api/inclusion.ts";
import { ConditionTypesButton } from "../types/ConditionTypesButton.tsx";
import { ConditionCard } from "./ConditionCard.tsx";
import { ConditionModal } from "./ConditionModal.tsx";
import { EnrollmentCard } from "./EnrollmentCard.tsx";
import { EnrollmentModal } from "./EnrollmentModal.tsx";

type Editing =
  | { kind: "condition"; condition: Condition | null }
  | { kind: "enrollment"; enrollment: ConditionedEnrollment | null }
  | null;

/**
 * The student file's "Inclusion" tab (issue 28 §2): conditions with their barriers and reasonable adjustments, and
 * conditioned enrollment with its carta compromiso. Confidential readers (inclusion.read) see everything; editors
 * (inclusion.update) record and change; the family reads their own child's, without internal notes, and
 * acknowledges the letter.
 */
export function InclusionTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("inclusion");
  const query = useStudentInclusion(studentId);
  const [editing, setEditing] = useState<Editing>(null);
  const data = query.data;
  if (!data) return <QueryState query={query} height={200} />;
  const name = data.student.name;
  const openEnrollment = data.conditioned_enrollments.some((e) => e.outcome === null);
  const active = data.conditions.filter((c) => c.active);
  const ended = data.conditions.filter((c) => !c.active);
  return (
    <Stack gap="lg" data-testid="inclusion-tab">
      <Text size="sm" c="gray.7">
        {family ? t("tab.introFamily") : t("tab.intro")}
      </Text>
      {data.can_edit && (
        <Group gap="sm" wrap="wrap">
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ kind: "condition", condition: null })}
          >
            {t("tab.newCondition")}
          </Button>
          {!openEnrollment && (
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setEditing({ kind: "enrollment", enrollment: null })}
            >
              {t("tab.newEnrollment")}
            </Button>
          )}
          <ConditionTypesButton variant="subtle" />
        </Group>
      )}
      {data.can_edit && !data.consent_granted && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
          {t("tab.noConsent")}
        </Alert>
      )}
      <Stack gap="sm" component="section" aria-labelledby="inclusion-conditions">
        <Title order={3} size="h5" id="inclusion-conditions">
          {t("tab.conditions")}
        </Title>
        {data.conditions.length === 0 && (
          <Text size="sm" c="gray.7">
            {t(family ? "tab.noConditionsFamily" : "tab.noConditions")}
          </Text>
        )}
        {[...active, ...ended].map((c) => (
          <ConditionCard
            key={c.id}
            condition={c}
            canEdit={data.can_edit}
            onEdit={() => setEditing({ kind: "condition", condition: c })}
          />
        ))}
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="inclusion-enrollment">
        <Title order={3} size="h5" id="inclusion-enrollment">
          {t("tab.enrollment")}
        </Title>
        {data.conditioned_enrollments.length === 0 && (
          <Text size="sm" c="gray.7">
            {t("tab.noEnrollment")}
          </Text>
        )}
        {data.conditioned_enrollments.map((e) => (
          <EnrollmentCard
            key={e.id}
            enrollment={e}
            canEdit={data.can_edit}
            studentName={name}
            onEdit={() => setEditing({ kind: "enrollment", enrollment: e })}
          />
        ))}
      </Stack>
      {editing?.kind === "condition" && (
        <ConditionModal
          studentId={studentId}
          studentName={name}
          condition={editing.condition}
          consentGranted={data.consent_granted}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === "enrollment" && (
        <EnrollmentModal
          studentId={studentId}
          studentName={name}
          enrollment={editing.enrollment}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
