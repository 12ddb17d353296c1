import type { Referral } from "@convive/domain";
import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import { useIsPhone } from "../../lib/use-is-phone.ts";
import { useAddFollowUp, useReferral, useUpdateReferral } from "./api.ts";

export const STATUS_COLOR = { requested: "blue", in_progress: "grape", closed: "gray" } as const;

export function StatusBadge({ referral }: { referral: Pick<Referral, "status" | "review_due"> }) {
  const { t } = useTranslation("externalSupport");
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={STATUS_COLOR[referral.status]} c="gray.9">
        {t(`status.${referral.status}`)}
      </Badge>
      {referral.review_due && (
        <Badge variant="light" color="orange" c="gray.9">
          {t("due")}
        </Badge>
      )}
    </Group>
  );
}

/** One referral: its data, its follow-up entries, and for staff who may edit, the status and a new entry. */
export function ReferralModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation("externalSupport");
  const isPhone = useIsPhone();
  const query = useReferral(id);
  const r = query.data;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      fullScreen={isPhone}
      title={r ? `${t("details.title")} · ${r.student.name}` : t("details.title")}
      closeButtonProps={{ "aria-label": t("close") }}
    >
      {r ? <ReferralBody referral={r} /> : <QueryState query={query} />}
    </Modal>
  );
}

function ReferralBody({ referral: r }: { referral: Referral }) {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  const update = useUpdateReferral({ success: t("details.saved") });
  const follow = useAddFollowUp({ success: t("details.added") });
  const [entry, setEntry] = useState("");
  const [internal, setInternal] = useState(false);
  const [outcome, setOutcome] = useState("");
  const field = (label: string, value: string | null) =>
    value ? (
      <Text size="sm">
        <Text span fw={600}>
          {label}:
        </Text>{" "}
        {value}
      </Text>
    ) : null;
  return (
    <Stack gap="sm">
      <StatusBadge referral={r} />
      {field(t("form.type"), r.trainer_type.label)}
      {field(t("form.specialist"), r.specialist)}
      {field(t("form.institution"), r.institution)}
      {field(t("form.contact"), r.contact)}
      {field(t("form.reason"), r.reason)}
      {field(t("form.start"), dates.day(r.start_date))}
      {field(t("form.review"), r.next_review_date ? dates.day(r.next_review_date) : null)}
      {field(t("details.responsible"), r.responsible?.name ?? null)}
      {field(t("details.consent"), r.consent.granted ? t("details.consentGranted") : t("details.consentMissing"))}
      {field(t("details.outcome"), r.outcome)}
      {r.internal_notes !== null && field(t("form.internal"), r.internal_notes)}
      <Text fw={700} mt="sm">
        {t("details.followUps")}
      </Text>
      {r.follow_ups.length === 0 && (
        <Text size="sm" c="gray.7">
          {t("details.noFollowUps")}
        </Text>
      )}
      {r.follow_ups.map((f) => (
        <Paper key={f.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="gray.7">
              {f.author.name} · {dates.dateTime(f.created_at)}
            </Text>
            {f.internal && (
              <Badge size="xs" variant="light" color="gray" c="gray.9">
                {t("details.internal")}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: "pre-line" }}>
            {f.body}
          </Text>
        </Paper>
      ))}
      {r.can_edit && (
        <Stack gap="xs" mt="sm">
          <Textarea
            label={t("details.newEntry")}
            value={entry}
            onChange={(e) => setEntry(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
          />
          <Group justify="space-between">
            <Checkbox
              label={t("details.internalEntry")}
              checked={internal}
              onChange={(e) => setInternal(e.currentTarget.checked)}
            />
            <Button
              disabled={!entry.trim()}
              loading={follow.busy}
              onClick={() =>
                void follow.submit({ id: r.id, body: entry, internal, attachment_ids: [] }, () => setEntry(""))
              }
            >
              {t("details.add")}
            </Button>
          </Group>
          <Group align="flex-end" gap="xs" mt="sm">
            {r.status === "requested" && (
              <Button
                variant="light"
                loading={update.busy}
                onClick={() => void update.submit({ id: r.id, status: "in_progress" })}
              >
                {t("details.start")}
              </Button>
            )}
          </Group>
          <Textarea
            label={t("details.outcome")}
            description={t("details.outcomeHelp")}
            value={outcome}
            onChange={(e) => setOutcome(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={2000}
          />
          <Group justify="flex-end">
            <Button
              color="red"
              variant="light"
              disabled={!outcome.trim()}
              loading={update.busy}
              onClick={() => void update.submit({ id: r.id, status: "closed", outcome })}
            >
              {t("details.close")}
            </Button>
          </Group>
          {update.failure && (
            <Text c="red.8" size="sm" role="alert">
              {update.failure}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
