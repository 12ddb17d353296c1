import type { Referral } from "@convive/domain";
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconShieldCheck, IconShieldOff } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { FileLinks } from "./FileLinks.tsx";
import { DueBadge } from "./ReferralBadges.tsx";

function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: "1 / -1" } : undefined}>
      <Text size="xs" fw={600} c="gray.7" tt="uppercase" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Everything the referral records, as the reader may see it (a family gets no internal notes). */
export function ReferralFacts({ referral: r }: { referral: Referral }) {
  const { t } = useTranslation("externalSupport");
  const dates = useDates();
  const none = (
    <Text span size="sm" c="gray.7">
      {t("details.none")}
    </Text>
  );
  return (
    <Stack gap="md">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
        <Fact label={t("fields.type")}>{r.trainer_type.label}</Fact>
        <Fact label={t("fields.specialist")}>{r.specialist}</Fact>
        <Fact label={t("fields.institution")}>{r.institution || none}</Fact>
        <Fact label={t("fields.contact")}>{r.contact || none}</Fact>
        <Fact label={t("fields.startDate")}>{dates.day(r.start_date)}</Fact>
        <Fact label={t("fields.nextReview")}>
          {r.next_review_date ? (
            <Group gap={6} component="span">
              <span>{dates.day(r.next_review_date)}</span>
              {r.review_due && <DueBadge />}
            </Group>
          ) : (
            none
          )}
        </Fact>
        <Fact label={t("fields.responsible")}>{r.responsible?.name ?? none}</Fact>
        <Fact label={t("details.openedBy")}>
          {t("details.openedByLine", { name: r.created_by.name, date: dates.date(r.created_at) })}
        </Fact>
        <Fact label={t("fields.reason")} wide>
          {r.reason}
        </Fact>
        {r.outcome && (
          <Fact label={t("fields.outcome")} wide>
            {r.outcome}
          </Fact>
        )}
        {r.incident_id !== null && (
          <Fact label={t("details.incident")}>
            <Anchor component={Link} to={`/incident-details?id=${r.incident_id}`} size="sm">
              {t("details.openIncident")}
            </Anchor>
          </Fact>
        )}
      </SimpleGrid>
      <Paper withBorder radius="md" p="sm">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              {t("details.consent")}
            </Text>
            <Badge
              variant="light"
              tt="none"
              color={r.consent.granted ? "teal" : "gray"}
              c={r.consent.granted ? "#056b4d" : "gray.8"}
              leftSection={
                r.consent.granted ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldOff size={14} aria-hidden />
              }
            >
              {r.consent.granted ? t("consent.granted") : t("consent.notGranted")}
            </Badge>
          </Group>
          {r.consent.document ? (
            <FileLinks files={[r.consent.document]} />
          ) : (
            <Text size="xs" c="gray.7">
              {t("consent.noDocument")}
            </Text>
          )}
        </Stack>
      </Paper>
      {r.internal_notes !== null && (
        <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="referral-internal-notes">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t("fields.internalNotes")}
            </Text>
            <Text size="xs" c="gray.7">
              {t("details.internalHint")}
            </Text>
            <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {r.internal_notes || t("details.none")}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
