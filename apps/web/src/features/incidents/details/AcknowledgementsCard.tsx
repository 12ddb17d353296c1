import type { Acknowledgement, AcknowledgementFamily } from "@convive/domain";
import { formatDateTime } from "@convive/domain/core";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBellRinging, IconCircleCheck, IconClockHour4, IconEye } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { parseUserAgent } from "../../account/index.ts";
import { useIncidentAcknowledgements, useRemindFamily } from "../api/acknowledgements.ts";
import { AcknowledgementBadge } from "./Badges.tsx";
import { relationshipLabel } from "./format.ts";
import { Section } from "./Section.tsx";
import type { DetailView } from "./view.ts";

/** "Chrome en Android" from the session's browser, or nothing when it said nothing useful. */
function useDevice() {
  const { t } = useTranslation("incidentDetails");
  return (ack: Acknowledgement) => {
    const { browser, os } = parseUserAgent(ack.session.device);
    return browser && os ? t("acknowledgement.device", { browser, os }) : (browser ?? os ?? null);
  };
}

/** One family member and whether they acknowledged: when, from which session, what they said. */
function Member({
  member,
  ack,
  view,
}: {
  member: AcknowledgementFamily["members"][number];
  ack: Acknowledgement | undefined;
  view: DetailView;
}) {
  const { t } = useTranslation("incidentDetails");
  const device = useDevice();
  const who = `${member.user.name} (${relationshipLabel(member.relationship, view.lang)})`;
  if (!ack) {
    return (
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconClockHour4
          size={16}
          aria-hidden
          color="var(--mantine-color-gray-7)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="sm">
          {who}:{" "}
          <Text span size="sm" c="gray.8">
            {t("acknowledgement.notYet")}
          </Text>
        </Text>
      </Group>
    );
  }
  const on = device(ack);
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <IconCircleCheck
          size={16}
          aria-hidden
          color="var(--mantine-color-teal-8)"
          style={{ flexShrink: 0, marginTop: 2 }}
        />
        <Text size="sm">
          {who}: {t("acknowledgement.readOn", { when: formatDateTime(ack.acknowledged_at, view) })}
          {on ? ` · ${on}` : ""}
        </Text>
      </Group>
      {ack.disagrees && (
        <Group ml={22}>
          <AcknowledgementBadge tone="red" label={t("acknowledgement.disagreed")} />
        </Group>
      )}
      {ack.comment && (
        <Text size="sm" ml={22} style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          «{ack.comment}»
        </Text>
      )}
    </Stack>
  );
}

/** One student's family: its members, the last reminder and "Enviar recordatorio" while none has acknowledged. */
function Family({
  family,
  byId,
  view,
}: {
  family: AcknowledgementFamily;
  byId: Map<number, Acknowledgement>;
  view: DetailView;
}) {
  const { t } = useTranslation("incidentDetails");
  const remind = useRemindFamily(view.incident.id, { success: false, failure: (error) => error.message });
  const send = () => void remind.submit(family.student.id, () => toast("success", t("acknowledgement.reminderSent")));
  return (
    <Stack gap={6} component="li">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {family.student.name}
          </Text>
          {family.student.group_label && (
            <Text size="xs" c="gray.8">
              {family.student.group_label}
            </Text>
          )}
        </Stack>
        <AcknowledgementBadge
          tone={family.acknowledged ? "teal" : "orange"}
          label={t(family.acknowledged ? "acknowledgement.familyDone" : "acknowledgement.familyPending")}
        />
      </Group>
      {family.members.length === 0 && (
        <Text size="sm" c="gray.8">
          {t("acknowledgement.noFamily")}
        </Text>
      )}
      {family.members.map((m) => (
        <Member
          key={m.user.id}
          member={m}
          view={view}
          ack={m.acknowledgement_id ? byId.get(m.acknowledgement_id) : undefined}
        />
      ))}
      {family.reminded_at && (
        <Text size="xs" c="gray.8">
          {t("acknowledgement.remindedAt", { when: formatDateTime(family.reminded_at, view) })}
        </Text>
      )}
      {!family.acknowledged && family.members.length > 0 && (
        <Button
          size="compact-sm"
          variant="default"
          w="fit-content"
          leftSection={<IconBellRinging size={14} aria-hidden />}
          onClick={send}
          loading={remind.busy}
          disabled={!family.may_remind}
          aria-label={t(family.may_remind ? "acknowledgement.remindLabel" : "acknowledgement.remindedTodayLabel", {
            name: family.student.name,
          })}
        >
          {family.may_remind ? t("acknowledgement.remind") : t("acknowledgement.remindedToday")}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Staff's view of the families' acknowledgements (issue 30 §1), beside the students: which families have read the
 * incident and which have not, with a reminder for each one still pending. Not shown for an incident kept from
 * families that nobody acknowledged.
 */
export function AcknowledgementsCard({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const acks = useIncidentAcknowledgements(view.incident.id);
  const data = acks.data;
  if (!data || (!data.asked && data.acknowledgements.length === 0)) return null;
  const byId = new Map(data.acknowledgements.map((a) => [a.id, a]));
  const done = data.families.filter((f) => f.acknowledged).length;
  return (
    <Section
      id="acknowledgements"
      title={t("acknowledgement.staffTitle")}
      icon={<IconEye size={18} aria-hidden />}
      action={
        <Text size="sm" c="gray.8" style={{ whiteSpace: "nowrap" }}>
          {t("acknowledgement.count", { done, total: data.families.length })}
        </Text>
      }
    >
      {!data.asked && (
        <Text size="sm" c="gray.8">
          {t("acknowledgement.notAsked")}
        </Text>
      )}
      <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
        {data.families.map((f) => (
          <Family key={f.student.id} family={f} byId={byId} view={view} />
        ))}
      </Stack>
    </Section>
  );
}
