import { RETENTION_CATEGORIES, type RetentionCategory, type RetentionSettings } from "@convive/domain";
import {
  Badge,
  Button,
  Group,
  List,
  NumberInput,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useRetentionLog, useRetentionSettings, useRetentionUpcoming, useSaveRetention } from "../api/retention.ts";

/**
 * /master-configuration/data-retention (issue 30 §5): how long each category of a student's records is kept after
 * the student leaves, the days of notice, what falls due soon and the retention log (students by id only).
 */
export default function DataRetentionPage() {
  const { t } = useTranslation("retention");
  const settings = useRetentionSettings();
  if (!settings.data) return <QueryState query={settings} height={320} />;
  return (
    <Stack gap="lg">
      <Text size="sm" c="gray.7">
        {t("intro")}
      </Text>
      <PeriodsForm settings={settings.data} />
      <Upcoming noticeDays={settings.data.notice_days} />
      <RetentionLog />
    </Stack>
  );
}

type Values = { notice_days: number | string; categories: Record<RetentionCategory, number | string> };

function PeriodsForm({ settings }: { settings: RetentionSettings }) {
  const { t } = useTranslation("retention");
  const initial: Values = {
    notice_days: settings.notice_days,
    categories: Object.fromEntries(settings.categories.map((c) => [c.category, c.years])) as Values["categories"],
  };
  const form = useForm<Values>({ initialValues: initial });
  const save = useSaveRetention({ form, success: t("saved") });
  const submit = form.onSubmit((v) => {
    void save.submit({
      notice_days: Number(v.notice_days),
      categories: Object.fromEntries(RETENTION_CATEGORIES.map((c) => [c, Number(v.categories[c])])),
    });
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="retention-periods">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="retention-periods">
            {t("periods")}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {settings.categories.map((c) => (
              <Stack key={c.category} gap={4} data-testid={`retention-${c.category}`}>
                <NumberInput
                  label={`${t(`category_${c.category}`)} · ${t("years")}`}
                  description={
                    c.min_years > 1
                      ? t("minYears", { years: c.default_years, min: c.min_years })
                      : t("defaultYears", { years: c.default_years })
                  }
                  min={c.min_years}
                  max={30}
                  allowDecimal={false}
                  {...form.getInputProps(`categories.${c.category}`)}
                />
                <Text size="xs" c="gray.7">
                  {t(`what_${c.category}`)}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          <NumberInput
            label={t("noticeDays")}
            description={t("noticeHint")}
            min={7}
            max={90}
            allowDecimal={false}
            maw={320}
            {...form.getInputProps("notice_days")}
          />
          {settings.holds.length > 0 && (
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t("holds")}
              </Text>
              <List size="sm">
                {settings.holds.map((h) => (
                  <List.Item key={h}>{h}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {save.failure && (
            <Text size="sm" c="red.9" role="alert">
              {save.failure}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.busy}>
              {t("save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function Upcoming({ noticeDays }: { noticeDays: number }) {
  const { t } = useTranslation("retention");
  const dates = useDates();
  const upcoming = useRetentionUpcoming();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="retention-upcoming">
      <Title order={2} size="h4" id="retention-upcoming" mb="xs">
        {t("upcoming")}
      </Title>
      {!upcoming.data ? (
        <QueryState query={upcoming} height={80} />
      ) : upcoming.data.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("upcomingEmpty", { days: noticeDays })}
        </Text>
      ) : (
        <Stack gap={6}>
          {upcoming.data.map((u) => (
            <Group key={`${u.student_id}-${u.category}`} gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {dates.day(u.due_on)}
              </Text>
              <Text size="sm">
                {u.student} (#{u.student_id}) · {t(`category_${u.category}`)}
              </Text>
              {u.held && (
                <Badge variant="light" color="orange" c="orange.9">
                  {t("held")}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function RetentionLog() {
  const { t } = useTranslation("retention");
  const dates = useDates();
  const phone = useIsPhone();
  const [page, setPage] = useState(1);
  const log = useRetentionLog(page);
  const data = log.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="retention-log">
      <Title order={2} size="h4" id="retention-log" mb="xs">
        {t("log")}
      </Title>
      {!data ? (
        <QueryState query={log} height={120} />
      ) : data.entries.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("logEmpty")}
        </Text>
      ) : phone ? (
        <Stack gap="xs" data-testid="retention-log">
          {data.entries.map((e) => (
            <Paper key={e.id} withBorder radius="sm" p="xs">
              <Text size="sm" fw={600}>
                {t(`category_${e.category}`)} · {e.records}
              </Text>
              <Text size="xs" c="gray.7">
                {dates.dateTime(e.ran_at)}
              </Text>
              <Text size="xs">
                {t("students")}: {e.student_ids.join(", ")}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="retention-log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("when")}</Table.Th>
                <Table.Th>{t("category")}</Table.Th>
                <Table.Th>{t("records")}</Table.Th>
                <Table.Th>{t("students")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{dates.dateTime(e.ran_at)}</Table.Td>
                  <Table.Td>{t(`category_${e.category}`)}</Table.Td>
                  <Table.Td>{e.records}</Table.Td>
                  <Table.Td>{e.student_ids.join(", ")}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {data && data.total > data.per_page && (
        <Group justify="center" mt="sm">
          <Pagination value={page} onChange={setPage} total={Math.ceil(data.total / data.per_page)} />
        </Group>
      )}
    </Paper>
  );
}
