import type { ConditionedEnrollment } from "@convive/domain";
import { Badge, Button, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconCircleCheck, IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useDates } from "../../../lib/dates.ts";
import { toast } from "../../../lib/toast.ts";
import { openLetter } from "../api/files.ts";
import { FileButtons } from "../components/FileButtons.tsx";
import { AcknowledgeLetter } from "./AcknowledgeLetter.tsx";
import { Block } from "./ConditionCard.tsx";
import { EnrollmentActions } from "./EnrollmentActions.tsx";

/**
 * A conditioned enrollment: reasons, commitments, review date, the carta compromiso (PDF) and who acknowledged it,
 * and its outcome once closed. Staff with inclusion.update edit and close it; a family member acknowledges it.
 */
export function EnrollmentCard(props: {
  enrollment: ConditionedEnrollment;
  canEdit: boolean;
  studentName: string;
  onEdit: () => void;
}) {
  const { enrollment: e, canEdit } = props;
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const [opening, setOpening] = useState(false);
  const open = e.outcome === null;
  const letter = async () => {
    setOpening(true);
    try {
      await openLetter(e.letter_url, t("letter.fileName", { id: e.id }));
    } catch {
      toast("error", t("letter.failed"));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="inclusion-enrollment" component="article">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={700} component="h4" size="md" m={0}>
            {t("enrollment.reasons", { reasons: e.reasons.map((r) => t(`reason.${r}`)).join(", ") })}
          </Text>
          <Badge variant="light" color={open ? "orange" : "gray"} c="gray.9">
            {open ? t("enrollment.open") : t(`outcome.${e.outcome}`)}
          </Badge>
        </Group>
        {e.details && (
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {e.details}
          </Text>
        )}
        <Block title={t("form.commitments")}>
          <List type="ordered" size="sm" spacing={2} withPadding>
            {e.commitments.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two commitments may read the same; their order is fixed
              <List.Item key={`${i}-${c}`}>{c}</List.Item>
            ))}
          </List>
        </Block>
        <Group gap="xs">
          <Button
            variant="light"
            size="sm"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            loading={opening}
            onClick={() => void letter()}
          >
            {t("letter.pdf")}
          </Button>
        </Group>
        <Block title={t("letter.acks")}>
          {e.acknowledgements.length === 0 && !e.signed_letter && (
            <Text size="sm" c="gray.7">
              {t("letter.none")}
            </Text>
          )}
          {e.acknowledgements.map((a) => (
            <Group key={`${a.role}-${a.by.id}-${a.at}`} gap={6} wrap="nowrap" align="flex-start">
              <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={0}>
                <Text size="sm" data-testid="letter-ack">
                  {t(a.role === "family" ? "letter.byFamily" : "letter.byStudent", {
                    name: a.by.name,
                    at: dates.dateTime(a.at),
                  })}
                </Text>
                {a.comment && (
                  <Text size="sm" c="gray.7" fs="italic">
                    “{a.comment}”
                  </Text>
                )}
              </Stack>
            </Group>
          ))}
          {e.signed_letter && (
            <Stack gap={4}>
              <Text size="sm">{t("letter.signedPaper")}</Text>
              <FileButtons files={[e.signed_letter]} />
            </Stack>
          )}
        </Block>
        {e.can_acknowledge && <AcknowledgeLetter enrollmentId={e.id} />}
        <Text size="xs" c="gray.7">
          {[
            e.review_date && open ? t("condition.review", { date: dates.day(e.review_date) }) : null,
            t("condition.recorded", { name: e.created_by.name, at: dates.date(e.created_at) }),
            e.closed_at ? t("enrollment.closedAt", { at: dates.date(e.closed_at) }) : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </Text>
        {canEdit && open && <EnrollmentActions enrollment={e} studentName={props.studentName} onEdit={props.onEdit} />}
      </Stack>
    </Paper>
  );
}
