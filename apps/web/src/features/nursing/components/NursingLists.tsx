import type { StudentNursing, Visit } from "@convive/domain";
import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { FileButtons } from "../../inclusion/index.ts";
import { useDecideProposal, useSetAuthorization } from "../api/nursing.ts";

/** One visit: when, why, what was done, the outcome and when the family was told. */
export function VisitCard({
  visit,
  showStudent = false,
  onOpen,
}: {
  visit: Visit;
  showStudent?: boolean;
  /** On the desk: opens the student's record. */
  onOpen?: () => void;
}) {
  const { t } = useTranslation("nursing");
  const dates = useDates();
  const vitals = visit.vitals
    ? [
        visit.vitals.temperature_c !== undefined ? `${visit.vitals.temperature_c} °C` : null,
        visit.vitals.heart_rate !== undefined ? `${visit.vitals.heart_rate} lpm` : null,
        visit.vitals.spo2 !== undefined ? `SpO₂ ${visit.vitals.spo2}%` : null,
      ].filter(Boolean)
    : [];
  return (
    <Paper withBorder radius="md" p="sm" component="li" data-testid="nursing-visit">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {showStudent ? `${visit.student.name} · ` : ""}
          {visit.reason.label}
        </Text>
        {visit.outcome && (
          <Badge variant="light" color="institutional" c="gray.9">
            {visit.outcome.label}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="gray.7">
        {dates.dateTime(visit.arrived_at)}
        {visit.left_at ? ` – ${dates.time(visit.left_at)}` : ""} · {visit.recorded_by}
      </Text>
      {visit.treatment && <Text size="sm">{visit.treatment}</Text>}
      {vitals.length > 0 && <Text size="sm">{vitals.join(" · ")}</Text>}
      {visit.notes && (
        <Text size="sm" c="gray.7">
          {visit.notes}
        </Text>
      )}
      <Text
        size="xs"
        c={visit.family_notified_at ? "dark.7" : "gray.7"}
        fw={visit.family_notified_at ? 600 : undefined}
        data-testid="family-notified"
      >
        {visit.family_notified_at
          ? t("visit.notifiedAt", { at: dates.dateTime(visit.family_notified_at) })
          : t("visit.notNotified")}
      </Text>
      {onOpen && (
        <Button size="compact-xs" variant="subtle" mt={4} onClick={onOpen}>
          {t("page.openRecordOf", { name: visit.student.name })}
        </Button>
      )}
    </Paper>
  );
}

export function VisitList({ visits, level = 3 }: { visits: Visit[]; family: boolean; level?: 2 | 3 }) {
  const { t } = useTranslation("nursing");
  return (
    <Stack gap="xs" component="section" aria-labelledby="nursing-visits">
      <Title order={level} size="h5" id="nursing-visits">
        {t("visit.listTitle")}
      </Title>
      {visits.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("visit.none")}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {visits.map((v) => (
            <VisitCard key={v.id} visit={v} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function MedicationList({ file, level = 3 }: { file: StudentNursing; level?: 2 | 3 }) {
  const { t } = useTranslation("nursing");
  const dates = useDates();
  const toggle = useSetAuthorization({ success: t("medication.withdrawn") });
  return (
    <Stack gap="xs" component="section" aria-labelledby="nursing-medication">
      <Title order={level} size="h5" id="nursing-medication">
        {t("medication.title")}
      </Title>
      {file.authorizations.length === 0 && (
        <Text size="sm" c="gray.7">
          {t("medication.none")}
        </Text>
      )}
      {file.authorizations.map((a) => (
        <Paper key={a.id} withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={700}>
              {a.medicine} · {a.dose}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color={a.active ? "green" : "gray"} c="gray.9">
                {t(a.active ? "medication.active" : "medication.inactive")}
              </Badge>
              {a.active && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  c="red.9"
                  loading={toggle.busy}
                  onClick={() => void toggle.submit({ id: a.id, active: false })}
                >
                  {t("medication.withdraw")}
                </Button>
              )}
            </Group>
          </Group>
          <Text size="xs" c="gray.7">
            {t(`medication.source.${a.source}`, { name: a.given_by })} · {dates.day(a.valid_from)}
            {a.valid_until ? ` – ${dates.day(a.valid_until)}` : ""}
          </Text>
          {a.instructions && <Text size="sm">{a.instructions}</Text>}
          {a.document && <FileButtons files={[a.document]} />}
        </Paper>
      ))}
      {file.administrations.length > 0 && (
        <Stack gap={4} component="ul" m={0} pl="md" aria-label={t("medication.log")}>
          {file.administrations.map((d) => (
            <Text component="li" size="sm" key={d.id}>
              {t("medication.given_line", {
                medicine: d.medicine,
                dose: d.dose,
                at: dates.dateTime(d.given_at),
                by: d.given_by,
              })}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function ProposalList({ file, level = 3 }: { file: StudentNursing; level?: 2 | 3 }) {
  const { t } = useTranslation("nursing");
  if (file.proposals.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="nursing-proposals">
      <Title order={level} size="h5" id="nursing-proposals">
        {t("proposal.title")}
      </Title>
      {file.proposals.map((p) => (
        <ProposalCard key={p.id} proposal={p} canDecide={file.can_edit} />
      ))}
    </Stack>
  );
}

export function ProposalCard({
  proposal,
  canDecide,
  showStudent = false,
}: {
  proposal: StudentNursing["proposals"][number];
  canDecide: boolean;
  showStudent?: boolean;
}) {
  const { t } = useTranslation("nursing");
  const dates = useDates();
  const decide = useDecideProposal({ success: t("proposal.decided") });
  const parts = Object.keys(proposal.changes).map((k) => t(`proposal.part.${k}`, { defaultValue: k }));
  return (
    <Paper withBorder radius="md" p="sm" data-testid="nursing-proposal">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" fw={700}>
          {showStudent ? `${proposal.student.name} · ` : ""}
          {parts.join(", ")}
        </Text>
        <Badge
          variant="light"
          color={proposal.status === "pending" ? "yellow" : proposal.status === "approved" ? "green" : "gray"}
          c="gray.9"
        >
          {t(`proposal.status.${proposal.status}`)}
        </Badge>
      </Group>
      <Text size="xs" c="gray.7">
        {proposal.proposed_by.name} · {dates.dateTime(proposal.created_at)}
      </Text>
      {proposal.note && <Text size="sm">{proposal.note}</Text>}
      {proposal.decision_note && (
        <Text size="sm" c="gray.7">
          {proposal.decision_note}
        </Text>
      )}
      {canDecide && proposal.status === "pending" && (
        <Group gap="xs" mt={6}>
          <Button
            size="xs"
            loading={decide.busy}
            onClick={() => void decide.submit({ id: proposal.id, decision: "approve", note: "" })}
          >
            {t("proposal.approve")}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={decide.busy}
            onClick={() => void decide.submit({ id: proposal.id, decision: "reject", note: "" })}
          >
            {t("proposal.reject")}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
