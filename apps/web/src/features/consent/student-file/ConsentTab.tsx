import type { ConsentCategoryState, ConsentRecord, Language } from "@convive/domain";
import { Accordion, Badge, Button, Group, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { useChangeConsent, useStudentConsents } from "../api/consents.ts";

/**
 * The Consent tab of a student's file (issue 25 §4): per category of sensitive data, whether the family gave its
 * express consent, who and when. The family grants or withdraws here after reading the text the server will store
 * with the record; staff read the state. The history below keeps every record with its text.
 */
export function ConsentTab({ studentId }: StudentFileTabProps) {
  const { t, i18n } = useTranslation("consent");
  const dates = useDates();
  const isPhone = useIsPhone();
  const query = useStudentConsents(studentId);
  const save = useChangeConsent();
  const confirm = useConfirm();
  const data = query.data;
  if (!data) return <QueryState query={query} />;

  const language: Language = i18n.resolvedLanguage === "en" ? "en" : "es";
  const ask = (c: ConsentCategoryState) => {
    const granting = !c.granted;
    confirm.ask({
      title: t(granting ? "confirm.grantTitle" : "confirm.withdrawTitle", { category: c.label }),
      message: (
        <Stack gap="xs">
          <Text size="sm" c="gray.7">
            {t("confirm.read")}
          </Text>
          <ScrollArea.Autosize mah="40vh" type="auto" offsetScrollbars>
            <Paper withBorder p="sm" radius="md" bg="gray.0">
              <Text size="sm" style={{ whiteSpace: "pre-line" }} tabIndex={0} data-testid="consent-text">
                {c.next_text}
              </Text>
            </Paper>
          </ScrollArea.Autosize>
        </Stack>
      ),
      confirmLabel: t(granting ? "confirm.grant" : "confirm.withdraw"),
      danger: !granting,
      successMessage: t(granting ? "done.granted" : "done.withdrawn"),
      failureMessage: t("done.failed"),
      action: () =>
        save.run({ studentId, category: c.category, granted: granting, notice_version: data.notice_version, language }),
    });
  };

  const recordLine = (r: ConsentRecord) =>
    t(r.granted ? "record.granted" : "record.withdrawn", {
      name: r.by.name,
      at: dates.dateTime(r.at),
      version: r.notice_version,
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {data.can_change ? t("intro.family") : t("intro.staff")}
      </Text>
      {data.categories.map((c) => (
        <Paper key={c.category} withBorder radius="md" p="md" data-testid={`consent-${c.category}`}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text fw={600}>{c.label}</Text>
              <Badge
                // The file header's colours for a yes (may pick up) and a neutral state: above WCAG AA on their tints.
                color={c.granted ? "teal" : "gray"}
                c={c.granted ? "#056b4d" : "gray.8"}
                variant="light"
                leftSection={
                  c.granted ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldOff size={14} aria-hidden />
                }
                style={{ flexShrink: 0 }}
              >
                {c.granted ? t("state.granted") : t("state.notGranted")}
              </Badge>
            </Group>
            <Text size="sm" c="gray.7">
              {c.last ? recordLine(c.last) : t("record.never")}
            </Text>
            {data.can_change && c.next_text && (
              <Group justify={isPhone ? "stretch" : "flex-end"}>
                <Button
                  fullWidth={isPhone}
                  variant={c.granted ? "default" : "filled"}
                  color={c.granted ? "red.8" : undefined}
                  onClick={() => ask(c)}
                >
                  {c.granted ? t("actions.withdraw") : t("actions.grant")}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
      ))}
      {data.history.length > 0 && (
        <Accordion variant="separated" radius="md">
          <Accordion.Item value="history">
            <Accordion.Control>{t("history.title", { count: data.history.length })}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="sm">
                {data.history.map((r) => (
                  <Stack key={r.id} gap={2}>
                    <Text size="sm" fw={600}>
                      {data.categories.find((c) => c.category === r.category)?.label} · {recordLine(r)}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ whiteSpace: "pre-line" }}>
                      {r.text}
                    </Text>
                  </Stack>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
      )}
      {confirm.dialog}
    </Stack>
  );
}
