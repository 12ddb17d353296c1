import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import type { StudentFileTabProps } from "../student-file/index.ts";
import { useStudentReferrals } from "./api.ts";
import { NewReferralModal } from "./NewReferralModal.tsx";
import { ReferralModal, StatusBadge } from "./ReferralModal.tsx";

/** The student file's "External support" tab (issue 28 §1): the student's referrals; new ones for counsellors. */
export function ReferralsTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  const query = useStudentReferrals(studentId);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  const data = query.data;
  if (!data) return <QueryState query={query} />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="gray.7">
        {family ? t("tab.introFamily") : t("tab.intro")}
      </Text>
      {data.can_create && (
        <Group>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            {t("tab.new")}
          </Button>
        </Group>
      )}
      {data.referrals.length === 0 && <Text size="sm">{t("tab.empty")}</Text>}
      {data.referrals.map((r) => (
        <Paper
          key={r.id}
          withBorder
          radius="md"
          p="sm"
          component="button"
          type="button"
          onClick={() => setOpen(r.id)}
          style={{ textAlign: "left", cursor: "pointer", width: "100%" }}
        >
          <Group justify="space-between" gap="xs">
            <Text fw={600}>
              {r.trainer_type.label} · {r.specialist}
            </Text>
            <StatusBadge referral={r} />
          </Group>
          <Text size="sm" c="gray.7">
            {t("tab.since", { date: dates.day(r.start_date) })}
            {r.next_review_date ? ` · ${t("tab.review", { date: dates.day(r.next_review_date) })}` : ""}
          </Text>
        </Paper>
      ))}
      {creating && (
        <NewReferralModal
          studentId={studentId}
          studentName={data.student.name}
          consentGranted={data.consent_granted}
          onClose={() => setCreating(false)}
          onCreated={(id) => setOpen(id)}
        />
      )}
      {open !== null && <ReferralModal id={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
