import type { Condition, ConditionedEnrollment } from "@convive/domain";
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import type { StudentFileTabProps } from "../student-file/index.ts";
import { useAcknowledgeLetter, useStudentInclusion, useUpdateCondition, useUpdateEnrollment } from "./api.ts";
import { ConditionModal } from "./ConditionModal.tsx";
import { EnrollmentModal } from "./EnrollmentModal.tsx";

/** The student file's "Inclusion" tab (issue 28 §2): conditions and adjustments, conditioned enrollment and its letter. */
export function InclusionTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("inclusion");
  const query = useStudentInclusion(studentId);
  const [adding, setAdding] = useState<"condition" | "enrollment" | null>(null);
  const data = query.data;
  if (!data) return <QueryState query={query} />;
  const openEnrollment = data.conditioned_enrollments.some((e) => e.outcome === null);
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {family ? t("tab.introFamily") : t("tab.intro")}
      </Text>
      {data.can_edit && (
        <Group gap="sm">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding("condition")}>
            {t("tab.newCondition")}
          </Button>
          {!openEnrollment && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setAdding("enrollment")}
            >
              {t("tab.newEnrollment")}
            </Button>
          )}
        </Group>
      )}
      <Text fw={700}>{t("tab.conditions")}</Text>
      {data.conditions.length === 0 && <Text size="sm">{t("tab.noConditions")}</Text>}
      {data.conditions.map((c) => (
        <ConditionCard key={c.id} condition={c} canEdit={data.can_edit} />
      ))}
      <Text fw={700}>{t("tab.enrollment")}</Text>
      {data.conditioned_enrollments.length === 0 && <Text size="sm">{t("tab.noEnrollment")}</Text>}
      {data.conditioned_enrollments.map((e) => (
        <EnrollmentCard key={e.id} enrollment={e} canEdit={data.can_edit} />
      ))}
      {adding === "condition" && (
        <ConditionModal
          studentId={studentId}
          studentName={data.student.name}
          consentGranted={data.consent_granted}
          onClose={() => setAdding(null)}
        />
      )}
      {adding === "enrollment" && (
        <EnrollmentModal studentId={studentId} studentName={data.student.name} onClose={() => setAdding(null)} />
      )}
    </Stack>
  );
}

function ConditionCard({ condition: c, canEdit }: { condition: Condition; canEdit: boolean }) {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const update = useUpdateCondition({ success: t("form.saved") });
  return (
    <Paper withBorder radius="md" p="md" data-testid="inclusion-condition">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{c.type.label}</Text>
          <Group gap={4}>
            {c.usaer_support && (
              <Badge variant="light" color="indigo" c="gray.9">
                USAER
              </Badge>
            )}
            <Badge variant="light" color={c.active ? "teal" : "gray"} c="gray.9">
              {t(c.active ? "tab.active" : "tab.ended")}
            </Badge>
          </Group>
        </Group>
        {c.description && <Text size="sm">{c.description}</Text>}
        {c.barriers.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t("form.barriers")}
            </Text>
            {c.barriers.map((b) => (
              <Text key={b.id} size="sm">
                {t(`context.${b.context}`)}: {b.description}
              </Text>
            ))}
          </Stack>
        )}
        <Text size="sm" fw={600}>
          {t("form.adjustments")}
        </Text>
        {c.adjustments.map((a) => (
          <Text key={a.id} size="sm">
            <Badge size="xs" variant="light" color="indigo" c="gray.9" mr={6}>
              {t(`kind.${a.kind}`)}
            </Badge>
            {a.description} — {t("marker.who", { who: a.applied_by, since: dates.day(a.since) })}
          </Text>
        ))}
        {c.review_date && (
          <Text size="xs" c="gray.7">
            {t("tab.review", { date: dates.day(c.review_date) })}
          </Text>
        )}
        {c.internal_notes && (
          <Text size="xs" c="gray.7">
            {t("form.internal")}: {c.internal_notes}
          </Text>
        )}
        {canEdit && c.active && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={update.busy}
              onClick={() => void update.submit({ id: c.id, active: false })}
            >
              {t("tab.end")}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

function EnrollmentCard({ enrollment: e, canEdit }: { enrollment: ConditionedEnrollment; canEdit: boolean }) {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const ack = useAcknowledgeLetter({ success: t("letter.acknowledged") });
  const update = useUpdateEnrollment({ success: t("form.saved") });
  const [comment, setComment] = useState("");
  const studentSigned = e.acknowledgements.some((a) => a.role === "student");
  return (
    <Paper withBorder radius="md" p="md" data-testid="inclusion-enrollment">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{e.reasons.map((r) => t(`reason.${r}`)).join(", ")}</Text>
          <Badge variant="light" color={e.outcome ? "gray" : "orange"} c="gray.9">
            {e.outcome ? t(`outcome.${e.outcome}`) : t("tab.open")}
          </Badge>
        </Group>
        {e.details && <Text size="sm">{e.details}</Text>}
        <Text size="sm" fw={600}>
          {t("letter.commitments")}
        </Text>
        <Stack component="ol" gap={2} m={0} pl="lg">
          {e.commitments.map((c) => (
            <Text component="li" key={c} size="sm">
              {c}
            </Text>
          ))}
        </Stack>
        {e.review_date && (
          <Text size="xs" c="gray.7">
            {t("tab.review", { date: dates.day(e.review_date) })}
          </Text>
        )}
        <Anchor href={e.letter_url} target="_blank" rel="noopener" size="sm">
          {t("letter.pdf")}
        </Anchor>
        <Text size="sm" fw={600}>
          {t("letter.acks")}
        </Text>
        {e.acknowledgements.length === 0 && <Text size="sm">{t("letter.none")}</Text>}
        {e.acknowledgements.map((a) => (
          <Text key={`${a.role}-${a.by.id}-${a.at}`} size="sm">
            {t(a.role === "family" ? "letter.byFamily" : "letter.byStudent", {
              name: a.by.name,
              at: dates.dateTime(a.at),
            })}
            {a.comment ? ` — “${a.comment}”` : ""}
          </Text>
        ))}
        {e.can_acknowledge && (
          <Stack gap="xs">
            <Textarea
              label={t("letter.comment")}
              value={comment}
              onChange={(ev) => setComment(ev.currentTarget.value)}
              autosize
              minRows={1}
              maxLength={1000}
            />
            <Button loading={ack.busy} onClick={() => void ack.submit({ id: e.id, comment })}>
              {t("letter.acknowledge")}
            </Button>
          </Stack>
        )}
        {canEdit && e.outcome === null && (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {!studentSigned && (
              <Button
                size="xs"
                variant="light"
                loading={update.busy}
                onClick={() => void update.submit({ id: e.id, student_acknowledged: true })}
              >
                {t("letter.studentSigned")}
              </Button>
            )}
            {(["lifted", "continued", "not_reenrolled"] as const).map((o) => (
              <Button
                key={o}
                size="xs"
                variant="subtle"
                loading={update.busy}
                onClick={() => void update.submit({ id: e.id, outcome: o })}
              >
                {t(`outcomeAction.${o}`)}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
