import type { Referral } from "@convive/domain";
import { Anchor, Divider, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { QueryState } from "../../../components/QueryState.tsx";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useStudentFileHref } from "../../student-file/index.ts";
import { useReferral } from "../api/referrals.ts";
import { SUPPORT_FILE_TAB } from "../link.ts";
import { FollowUps } from "./FollowUps.tsx";
import { ReferralBadges } from "./ReferralBadges.tsx";
import { ReferralFacts } from "./ReferralFacts.tsx";
import { StatusActions } from "./StatusActions.tsx";

/**
 * One referral ("detalles de la canalización", issue 28 §1): every field, the status and its changes, the follow-up
 * with files, and the signed consent. Staff who may edit change it here; a family reads the same dialog without
 * internal notes or internal entries (the server leaves them out) and without actions.
 */
export function ReferralDetailsModal({
  id,
  onClose,
  linkStudent = false,
}: {
  id: number | null;
  onClose: () => void;
  /** Opened from a list of many students: the student's name opens their file on this tab. */
  linkStudent?: boolean;
}) {
  const { t } = useTranslation("externalSupport");
  const phone = useIsPhone();
  const query = useReferral(id);
  const data = query.data;
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={phone}
      title={
        data ? t("details.title", { type: data.trainer_type.label, name: data.student.name }) : t("details.loading")
      }
      closeButtonProps={{ "aria-label": t("common:actions.close") }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)", overflowWrap: "anywhere" } }}
    >
      {data ? <Details referral={data} linkStudent={linkStudent} /> : <QueryState query={query} height={260} />}
    </Modal>
  );
}

function Details({ referral: r, linkStudent }: { referral: Referral; linkStudent: boolean }) {
  const { t } = useTranslation("externalSupport");
  const href = useStudentFileHref();
  const staff = r.internal_notes !== null;
  return (
    <Stack gap="md" data-testid="referral-details">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={0}>
          {linkStudent ? (
            // The file opens on this tab, with this referral still open in it.
            <Anchor component={Link} to={href(r.student.id, SUPPORT_FILE_TAB)} fw={600}>
              {r.student.name}
            </Anchor>
          ) : (
            <Text fw={600}>{r.student.name}</Text>
          )}
          {r.student.group && (
            <Text size="xs" c="gray.7">
              {r.student.group}
            </Text>
          )}
        </Stack>
        <ReferralBadges status={r.status} review_due={r.review_due} />
      </Group>
      {!staff && (
        <Text size="sm" c="gray.7">
          {t("details.familyIntro")}
        </Text>
      )}
      <ReferralFacts referral={r} />
      {r.can_edit && <StatusActions referral={r} />}
      <Divider />
      <FollowUps referral={r} />
    </Stack>
  );
}
