import type { Scorecard } from "@convive/domain";
import { Avatar, Button, Card, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconFileDownload, IconUsersGroup } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../lib/toast.ts";
import { downloadPdf, groupPdfPath, studentPdfPath } from "../api/scorecard.ts";
import { Comments, ScaleLegend } from "./Notes.tsx";
import { ScorecardTable } from "./ScorecardTable.tsx";
import { Trends } from "./Trends.tsx";

/** One student's scorecard: who, the year, the PDFs, the periods side by side, the trends, comments and legend. */
export function ScorecardView({
  card,
  staff,
  onYear,
}: {
  card: Scorecard;
  staff: boolean;
  onYear: (id: number) => void;
}) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  const { student } = card;
  const group = student.group ? (en ? student.group.label_en : student.group.label) : t("noGroup");
  return (
    <Stack gap="lg" component="article" aria-labelledby="scorecard-student">
      <Card withBorder radius="lg" padding="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="md" wrap="nowrap" miw={0}>
            <Avatar src={student.photo} size={56} radius="xl" alt="">
              {student.first_name[0]}
            </Avatar>
            <Stack gap={2} miw={0}>
              <Title id="scorecard-student" order={2} size="h3" style={{ overflowWrap: "anywhere" }}>
                {student.name}
              </Title>
              <Text size="sm" c="gray.7">
                {group} · {t("enrollment", { value: student.enrollment })}
              </Text>
            </Stack>
          </Group>
          <Group gap="sm" align="flex-end">
            {card.school_years.length > 1 ? (
              <Select
                label={t("schoolYear")}
                w={150}
                allowDeselect={false}
                value={String(card.school_year.id)}
                onChange={(value) => value && onYear(Number(value))}
                data={card.school_years.map((y) => ({ value: String(y.id), label: y.name }))}
              />
            ) : (
              <Text size="sm" fw={600}>
                {t("schoolYear")}: {card.school_year.name}
              </Text>
            )}
          </Group>
        </Group>
        <PdfActions card={card} staff={staff} />
      </Card>
      <ScorecardTable card={card} />
      <Trends card={card} />
      <Comments card={card} staff={staff} />
      <ScaleLegend card={card} />
    </Stack>
  );
}

function PdfActions({ card, staff }: { card: Scorecard; staff: boolean }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  const [busy, setBusy] = useState<"student" | "group" | null>(null);
  const [period, setPeriod] = useState<string>("year");
  const save = async (which: "student" | "group", path: string, name: string) => {
    setBusy(which);
    try {
      await downloadPdf(path, name);
    } catch (error) {
      toast("error", (error as Error).message || t("pdfFailed"));
    } finally {
      setBusy(null);
    }
  };
  const group = card.student.group;
  return (
    <Group gap="sm" mt="md" align="flex-end">
      <Button
        leftSection={<IconFileDownload size={18} aria-hidden />}
        loading={busy === "student"}
        onClick={() => void save("student", studentPdfPath(card.student.id, card.school_year.id), "boleta.pdf")}
      >
        {t("download")}
      </Button>
      {staff && card.can_print_group && group && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label={t("groupPdfPeriod")}
            w={200}
            allowDeselect={false}
            value={period}
            onChange={(value) => setPeriod(value ?? "year")}
            data={[
              { value: "year", label: t("wholeYear") },
              ...card.periods.map((p) => ({ value: String(p.id), label: en ? p.name_en : p.name_es })),
            ]}
          />
          <Button
            variant="default"
            leftSection={<IconUsersGroup size={18} aria-hidden />}
            loading={busy === "group"}
            onClick={() =>
              void save("group", groupPdfPath(group.id, period === "year" ? null : Number(period)), "grupo.pdf")
            }
          >
            {t("groupPdf")}
          </Button>
        </Group>
      )}
    </Group>
  );
}
