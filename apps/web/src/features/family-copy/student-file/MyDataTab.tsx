import { Button, Card, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileTypePdf, IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { downloadFamilyCopy } from "../api/family-copy.ts";
import { FamilyReads } from "../components/FamilyReads.tsx";
import { RectificationModal } from "../components/RectificationModal.tsx";
import { Rectifications } from "../components/Rectifications.tsx";

/**
 * The "My data" tab of a student's file (issue 30 §3, §4). For the child's family: their own copy of what the
 * school holds for them (PDF and JSON), who at the school opened the child's records, and their requests to
 * correct data with the school's answers. For the Director (read-log holder): the requests, answered here.
 */
export function MyDataTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("familyCopy");
  const [busy, setBusy] = useState<"pdf" | "json" | null>(null);
  const [asking, setAsking] = useState(false);

  const get = async (format: "pdf" | "json") => {
    setBusy(format);
    try {
      await downloadFamilyCopy(studentId, format);
      toast("success", t("copy.ready"));
    } catch {
      toast("error", t("copy.failed"));
    } finally {
      setBusy(null);
    }
  };

  if (!family) return <Rectifications studentId={studentId} family={false} />;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("copy.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("copy.intro")}
          </Text>
          <Group gap="sm">
            <Button
              leftSection={<IconFileTypePdf size={18} aria-hidden />}
              loading={busy === "pdf"}
              disabled={busy !== null}
              onClick={() => void get("pdf")}
            >
              {t("copy.pdf")}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              loading={busy === "json"}
              disabled={busy !== null}
              onClick={() => void get("json")}
            >
              {t("copy.json")}
            </Button>
          </Group>
        </Stack>
      </Paper>

      <FamilyReads studentId={studentId} />

      <Card withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t("rectify.title")}
          </Title>
          <Text size="sm" c="gray.7">
            {t("rectify.intro")}
          </Text>
          <Group>
            <Button variant="light" leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setAsking(true)}>
              {t("rectify.open")}
            </Button>
          </Group>
          <Rectifications studentId={studentId} family />
        </Stack>
      </Card>
      {asking && <RectificationModal studentId={studentId} onClose={() => setAsking(false)} />}
    </Stack>
  );
}
