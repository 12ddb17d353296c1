import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconClock, IconPlus, IconRefresh } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Registered } from "./api/register.ts";
import { fileKey } from "./evidence.ts";
import { PanelActions } from "./PanelActions.tsx";
import type { UploadState } from "./use-evidence-uploads.ts";

/** The confirmation after saving: folio, link to the incident, the evidence uploads and "register another". */
export function SavedPanel({
  incident,
  uploads,
  onRetry,
  title,
  detailsLink,
  onAnother,
  anotherLabel,
}: {
  incident: Registered;
  uploads: UploadState[];
  onRetry: (index: number) => void;
  title: string;
  detailsLink: boolean;
  onAnother: () => void;
  anotherLabel: string;
}) {
  const { t } = useTranslation("registration");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  const done = uploads.filter((u) => u.status === "done").length;

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} maw={640} mx="auto" data-testid="registration-saved">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal.8" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={2} size="h3" ta="center" ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <Text size="xl" fw={700} data-testid="registration-folio">
          {t("incidents:folio", { folio: incident.folio })}
        </Text>
        {uploads.length > 0 && (
          <Stack gap={6} w="100%" component="section" aria-label={t("saved.evidence")}>
            <Text size="sm" fw={600} aria-live="polite">
              {t("saved.evidenceProgress", { done, count: uploads.length })}
            </Text>
            <Stack gap={4} component="ul" m={0} p={0}>
              {uploads.map((u, i) => (
                <UploadRow key={fileKey(u.file)} upload={u} onRetry={() => onRetry(i)} />
              ))}
            </Stack>
          </Stack>
        )}
        <PanelActions incidentId={detailsLink ? incident.id : null} onAnother={onAnother} anotherLabel={anotherLabel} />
      </Stack>
    </Paper>
  );
}

function UploadRow({ upload, onRetry }: { upload: UploadState; onRetry: () => void }) {
  const { t } = useTranslation("registration");
  const icons: Record<UploadState["status"], ReactNode> = {
    waiting: <IconClock size={18} aria-hidden color="var(--mantine-color-gray-7)" />,
    uploading: <Loader size={16} aria-hidden />,
    done: <IconCircleCheck size={18} aria-hidden color="var(--mantine-color-teal-8)" />,
    failed: <IconCircleX size={18} aria-hidden color="var(--mantine-color-red-8)" />,
  };
  return (
    <li style={{ listStyle: "none" }}>
      <Group wrap="nowrap" gap="xs" justify="space-between">
        <Group wrap="nowrap" gap="xs" style={{ minWidth: 0 }}>
          {icons[upload.status]}
          <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
            {upload.file.name}
          </Text>
          <Text size="xs" c={upload.status === "failed" ? "red.8" : "gray.7"} style={{ flexShrink: 0 }}>
            {t(`saved.status.${upload.status}`)}
          </Text>
        </Group>
        {upload.status === "failed" && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={onRetry}
          >
            {t("common:actions.retry")}
          </Button>
        )}
      </Group>
      {upload.error && (
        <Text size="xs" c="red.8" pl={26}>
          {upload.error}
        </Text>
      )}
    </li>
  );
}

/** The confirmation after an accompaniment observation. */
export function ObservationSaved({ studentName, onAnother }: { studentName: string; onAnother: () => void }) {
  const { t } = useTranslation("registration");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }} maw={640} mx="auto" data-testid="observation-saved">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="teal.8" aria-hidden>
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={2} size="h3" ta="center" ref={heading} tabIndex={-1}>
          {t("saved.observationTitle")}
        </Title>
        <Text ta="center">{t("saved.observationFor", { name: studentName })}</Text>
        <Button size="md" leftSection={<IconPlus size={18} aria-hidden />} onClick={onAnother} mt="xs">
          {t("saved.anotherObservation")}
        </Button>
      </Stack>
    </Paper>
  );
}
