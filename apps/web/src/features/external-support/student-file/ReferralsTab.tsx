import type { Referral } from "@convive/domain";
import { Button, Group, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconHeartHandshake, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { useStudentReferrals } from "../api/referrals.ts";
import { NewReferralModal } from "../components/NewReferralModal.tsx";
import { ReferralBadges } from "../components/ReferralBadges.tsx";
import { ReferralDetailsModal } from "../components/ReferralDetailsModal.tsx";
import { useReferralParam } from "../link.ts";

/**
 * The "Apoyo externo" tab of a student's file (issue 28 §1): the student's referrals, newest first, each with its
 * status, specialist and next review; "Nueva canalización" for those who may open one. A referral opens in its
 * details dialog, named in the address (`&referral=<id>`), so a link or Back shows the same.
 */
export function ReferralsTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const query = useStudentReferrals(studentId);
  const referral = useReferralParam();
  const [creating, setCreating] = useState(false);
  const data = query.data;
  if (!data) return <QueryState query={query} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" align="flex-start">
        <Text size="sm" c="gray.7" style={{ flex: 1, minWidth: 220 }}>
          {family ? t("tab.introFamily") : t("tab.intro")}
        </Text>
        {data.can_create && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)} fullWidth={phone}>
            {t("tab.new")}
          </Button>
        )}
      </Group>
      {data.referrals.length === 0 ? (
        <EmptyState
          order={3}
          icon={<IconHeartHandshake size={28} />}
          title={t("tab.emptyTitle")}
          description={family ? t("tab.emptyFamily") : t("tab.emptyHint")}
        />
      ) : (
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {data.referrals.map((r) => (
            <ReferralCard key={r.id} referral={r} onOpen={() => referral.open(r.id)} />
          ))}
        </Stack>
      )}
      {creating && (
        <NewReferralModal
          student={data.student}
          onClose={() => setCreating(false)}
          onCreated={(id) => referral.open(id)}
        />
      )}
      <ReferralDetailsModal id={referral.id} onClose={referral.close} />
    </Stack>
  );
}

function ReferralCard({ referral: r, onOpen }: { referral: Referral; onOpen: () => void }) {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  return (
    <Paper component="li" withBorder radius="md" data-testid="referral-card">
      <UnstyledButton onClick={onOpen} w="100%" p="sm">
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text fw={600} size="sm" style={{ overflowWrap: "anywhere" }}>
              {r.trainer_type.label} · {r.specialist}
            </Text>
            <ReferralBadges status={r.status} review_due={r.review_due} />
          </Group>
          {r.institution && (
            <Text size="sm" c="gray.8">
              {r.institution}
            </Text>
          )}
          <Text size="xs" c="gray.7">
            {t("tab.since", { date: dates.day(r.start_date) })}
            {r.next_review_date &&
              r.status !== "closed" &&
              ` · ${t("tab.review", { date: dates.day(r.next_review_date) })}`}
            {r.follow_ups.length > 0 && ` · ${t("tab.entries", { count: r.follow_ups.length })}`}
          </Text>
        </Stack>
      </UnstyledButton>
    </Paper>
  );
}
