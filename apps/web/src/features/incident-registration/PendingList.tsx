import type { RegistrationOptions } from "@convive/domain";
import { formatDateTime, localizedName } from "@convive/domain/core";
import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconClock, IconCloudUpload, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { type Outbox, type OutboxEntry, type Sent, useOutboxState } from "../../lib/offline/outbox.ts";
import { INCIDENT, OBSERVATION, type QueuedSummary } from "./api/offline.ts";
import type { Registered } from "./api/register.ts";

const MINE = new Set([INCIDENT, OBSERVATION]);

/**
 * What this person registered on this device and the server does not have yet (issue 32 §3): each record
 * "pendiente de enviar" until it goes, then sent with its folio. A record the server refused says why and what to
 * do: a student who changed group is sent with their current group once confirmed; a type deactivated meanwhile is
 * sent with another type chosen here; anything else can be sent again or discarded.
 */
export function PendingList({
  outbox,
  options,
  detailsLink,
}: {
  outbox: Outbox;
  options: RegistrationOptions;
  detailsLink: boolean;
}) {
  const { t } = useTranslation("registration");
  const { entries, sent } = useOutboxState(outbox);
  const waiting = entries.filter((e) => MINE.has(e.kind));
  const done = sent.filter((s) => MINE.has(s.kind));
  if (waiting.length === 0 && done.length === 0) return null;

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", xs: "md" }} component="section" aria-labelledby="pending-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="pending-title">
          {t("offline.listTitle", { count: waiting.length })}
        </Title>
        <Stack gap="xs" component="ul" m={0} p={0} aria-labelledby="pending-title">
          {waiting.map((entry) => (
            <PendingRow key={entry.id} entry={entry} outbox={outbox} options={options} />
          ))}
          {done.map((s) => (
            <SentRow key={s.id} sent={s} detailsLink={detailsLink} timeZone={options.time_zone} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Described({ summary, kind, timeZone }: { summary: QueuedSummary | null; kind: string; timeZone: string }) {
  const { t, i18n } = useTranslation("registration");
  const lang = i18n.resolvedLanguage ?? "es";
  if (!summary) return null;
  const when = summary.when.length > 10 ? formatDateTime(summary.when, { timeZone, lang }) : summary.when;
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {t(kind === INCIDENT ? "offline.kind.incident" : "offline.kind.observation")}:{" "}
        {summary.type ? localizedName(summary.type, lang) : "—"}
      </Text>
      <Text size="sm" c="gray.7">
        {[summary.students.join(", "), when, summary.files ? t("summary.files", { count: summary.files }) : null]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Stack>
  );
}

function PendingRow({ entry, outbox, options }: { entry: OutboxEntry; outbox: Outbox; options: RegistrationOptions }) {
  const { t, i18n } = useTranslation("registration");
  const lang = i18n.resolvedLanguage ?? "es";
  const [discarding, setDiscarding] = useState(false);
  const [typeId, setTypeId] = useState<string | null>(null);
  const summary = entry.summary as QueuedSummary | null;
  const refused = entry.state === "refused";
  const typeField = entry.kind === INCIDENT ? "type_id" : "observation_type_id";
  const typeGone = refused && entry.code === "INACTIVE_OPTION" && Boolean(entry.errors?.[typeField]);
  const moved = refused && entry.code === "STUDENT_MOVED_GROUP";
  const types =
    entry.kind === INCIDENT
      ? options.categories.flatMap((c) =>
          c.types.filter((x) => x.is_active).map((x) => ({ value: String(x.id), label: localizedName(x, lang) })),
        )
      : options.observation_types
          .filter((x) => x.is_active)
          .map((x) => ({ value: String(x.id), label: localizedName(x, lang) }));

  const badge =
    entry.state === "sending"
      ? { color: "blue", icon: <IconCloudUpload size={14} aria-hidden />, label: t("offline.state.sending") }
      : refused
        ? { color: "orange", icon: <IconAlertTriangle size={14} aria-hidden />, label: t("offline.state.refused") }
        : { color: "gray", icon: <IconClock size={14} aria-hidden />, label: t("offline.state.pending") };

  return (
    <li style={{ listStyle: "none" }} data-testid="pending-record">
      <Paper withBorder radius="md" p="sm" bg={refused ? "orange.0" : undefined}>
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Described summary={summary} kind={entry.kind} timeZone={options.time_zone} />
            <Badge color={badge.color} variant="light" leftSection={badge.icon} style={{ flexShrink: 0 }}>
              {badge.label}
            </Badge>
          </Group>
          {!refused && entry.attempts > 0 && entry.error && (
            <Text size="xs" c="gray.7">
              {t("offline.willRetry")}
            </Text>
          )}
          {refused && (
            <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />}>
              <Stack gap="xs">
                <Text size="sm" role="alert">
                  {typeGone ? t("offline.conflict.typeInactive") : entry.error}
                </Text>
                {typeGone && (
                  <Select
                    label={t("offline.conflict.chooseType")}
                    data={types}
                    value={typeId}
                    onChange={setTypeId}
                    searchable
                    size="sm"
                  />
                )}
                <Group gap="xs">
                  {moved && (
                    <Button
                      size="compact-sm"
                      onClick={() => outbox.retry(entry.id, (p) => ({ ...(p as object), confirm_group_changes: true }))}
                    >
                      {t("offline.conflict.sendWithCurrentGroup")}
                    </Button>
                  )}
                  {typeGone && (
                    <Button
                      size="compact-sm"
                      disabled={!typeId}
                      onClick={() => outbox.retry(entry.id, (p) => ({ ...(p as object), [typeField]: Number(typeId) }))}
                    >
                      {t("offline.conflict.sendWithType")}
                    </Button>
                  )}
                  {!moved && !typeGone && (
                    <Button size="compact-sm" variant="default" onClick={() => outbox.retry(entry.id)}>
                      {t("common:actions.retry")}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setDiscarding(true)}
                  >
                    {t("offline.discard")}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
        </Stack>
      </Paper>
      <ConfirmDialog
        opened={discarding}
        title={t("offline.discardTitle")}
        message={t("offline.discardText")}
        confirmLabel={t("offline.discard")}
        danger
        onConfirm={() => {
          setDiscarding(false);
          void outbox.discard(entry.id);
        }}
        onClose={() => setDiscarding(false)}
      />
    </li>
  );
}

function SentRow({ sent, detailsLink, timeZone }: { sent: Sent; detailsLink: boolean; timeZone: string }) {
  const { t } = useTranslation(["registration", "incidents"]);
  const incident = sent.kind === INCIDENT ? (sent.result as Registered) : null;
  return (
    <li style={{ listStyle: "none" }} data-testid="sent-record">
      <Paper withBorder radius="md" p="sm">
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Described summary={sent.summary as QueuedSummary | null} kind={sent.kind} timeZone={timeZone} />
            <Badge
              color="teal"
              variant="light"
              leftSection={<IconCircleCheck size={14} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              {incident ? t("incidents:folio", { folio: incident.folio }) : t("offline.state.sent")}
            </Badge>
          </Group>
          {sent.refusedFiles.map((f) => (
            <Text key={f.name} size="xs" c="red.9">
              {t("offline.fileRefused", { name: f.name, reason: f.reason })}
            </Text>
          ))}
          {incident && detailsLink && (
            <Button
              component={Link}
              to={`/incident-details?id=${incident.id}`}
              size="compact-sm"
              variant="default"
              style={{ alignSelf: "flex-start" }}
            >
              {t("saved.open")}
            </Button>
          )}
        </Stack>
      </Paper>
    </li>
  );
}
