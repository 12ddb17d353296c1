import { formatDateTime, localizedName, localName } from "@convive/domain/core";
import { Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowBackUp, IconArrowLeft, IconBan, IconCircleCheck, IconPencil, IconPrinter } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { openPdf } from "./api.ts";
import { ClassificationBadge, StatusBadge } from "./Badges.tsx";
import { CorrectDialog } from "./CorrectDialog.tsx";
import classes from "./IncidentDetails.module.css";
import { RecordNotes } from "./RecordNotes.tsx";
import { StatusDialog, type StatusKind } from "./StatusDialog.tsx";
import type { DetailView } from "./view.ts";

/** Back to where the reader came from (the archive with its filters), or to the archive when opened directly. */
function BackLink() {
  const { t } = useTranslation("incidentDetails");
  const navigate = useNavigate();
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <Anchor
      component={Link}
      to="/archive"
      size="sm"
      fw={600}
      onClick={(event) => {
        if (!canGoBack) return;
        event.preventDefault();
        void navigate(-1);
      }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t("header.back")}
      </Group>
    </Anchor>
  );
}

/** Folio, status and classification, what the incident is, its facts, and what the reader may do with it. */
export function DetailHeader({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const { incident, timeZone, lang } = view;
  const [dialog, setDialog] = useState<StatusKind | null>(null);
  const [printing, setPrinting] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const { allowed } = incident;

  const print = async () => {
    setPrinting(true);
    try {
      await openPdf(incident.id, incident.folio);
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setPrinting(false);
    }
  };

  const facts: [string, string][] = [
    [t("header.occurredAt"), formatDateTime(incident.occurred_at, { lang, timeZone })],
    [t("header.group"), incident.group?.label ?? t("header.none")],
    [t("header.subject"), incident.subject?.name ?? t("header.none")],
    [t("header.place"), incident.place ?? t("header.none")],
    [t("header.recordedBy"), incident.recorded_by.name],
    [
      t("header.schoolYear"),
      incident.period
        ? `${incident.school_year.name} · ${localName(incident.period, lang)}`
        : incident.school_year.name,
    ],
  ];
  if (!view.family) {
    facts.push([t("header.visibleToFamily"), t(incident.visible_to_family ? "header.yes" : "header.no")]);
  }

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
      <Stack gap="md">
        <BackLink />
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} miw={0} style={{ flex: "1 1 320px" }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h3">
                {t("incidents:folio", { folio: incident.folio })}
              </Title>
              <StatusBadge status={incident.status} />
              <ClassificationBadge value={incident.classification} />
            </Group>
            <Text fw={600} size="lg" style={{ overflowWrap: "anywhere" }}>
              {localizedName(incident.type, lang)}
            </Text>
            <Text size="sm" c="dimmed">
              {localizedName(incident.category, lang)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" className={classes.buttons}>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} aria-hidden />}
              loading={printing}
              onClick={() => void print()}
            >
              {t("header.print")}
            </Button>
            {allowed.update && incident.status === "open" && (
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setCorrecting(true)}
              >
                {t("header.correct")}
              </Button>
            )}
            {allowed.close && (
              <Button leftSection={<IconCircleCheck size={16} aria-hidden />} onClick={() => setDialog("close")}>
                {t("header.close")}
              </Button>
            )}
            {allowed.cancel && (
              <Button
                variant="outline"
                color="red.8"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setDialog("cancel")}
              >
                {t("header.cancel")}
              </Button>
            )}
            {allowed.reopen && (
              <Button
                variant="default"
                leftSection={<IconArrowBackUp size={16} aria-hidden />}
                onClick={() => setDialog("reopen")}
              >
                {t("header.reopen")}
              </Button>
            )}
          </Group>
        </Group>
        <DataList orientation="vertical" gap="sm" size="sm" className={classes.facts}>
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
              <DataList.ItemValue fw={500} style={{ overflowWrap: "anywhere" }}>
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
        <RecordNotes view={view} />
      </Stack>
      {correcting && <CorrectDialog view={view} onClose={() => setCorrecting(false)} />}
      {dialog && <StatusDialog kind={dialog} view={view} onClose={() => setDialog(null)} />}
    </Paper>
  );
}
