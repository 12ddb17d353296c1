import {
  LANGUAGES,
  REPORT_MAX_EXTRA_EMAILS,
  REPORT_MAX_MONTH_DAY,
  type ReportOptions,
  type ScheduledReport,
  type ScheduledReportBody,
} from "@convive/domain";
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useReportOptions, useSaveReport } from "../api/scheduled-reports.ts";

interface Values {
  name: string;
  type: string;
  section_ids: string[];
  grade_ids: string[];
  group_ids: string[];
  frequency: ScheduledReport["frequency"];
  weekday: string;
  day_of_month: number | string;
  time: string;
  format: ScheduledReport["format"];
  recipient_user_ids: string[];
  recipient_profile_ids: string[];
  recipient_emails: { email: string; language: "es" | "en" }[];
  active: boolean;
}

const ids = (list: number[]) => list.map(String);
const numbers = (list: string[]) => list.map(Number);

/** The report's form (new or edit): type, filters, when, to whom, format; in a dialog, the whole screen on a phone. */
export function ReportForm({ report, onClose }: { report: ScheduledReport | null; onClose: () => void }) {
  const { t } = useTranslation("scheduledReports");
  const options = useReportOptions();
  return (
    <FormModal opened onClose={onClose} title={t(report ? "form.editTitle" : "form.newTitle")} size="lg">
      {options.data ? (
        <Fields report={report} options={options.data} onClose={onClose} />
      ) : (
        <QueryState query={options} height={240} />
      )}
    </FormModal>
  );
}

function Fields({
  report,
  options,
  onClose,
}: {
  report: ScheduledReport | null;
  options: ReportOptions;
  onClose: () => void;
}) {
  const { t } = useTranslation("scheduledReports");
  const { t: common } = useTranslation();
  const form = useForm<Values>({
    initialValues: {
      name: report?.name ?? "",
      type: report?.type ?? options.types[0]?.key ?? "",
      section_ids: ids(report?.filters.section_ids ?? []),
      grade_ids: ids(report?.filters.grade_ids ?? []),
      group_ids: ids(report?.filters.group_ids ?? []),
      frequency: report?.frequency ?? "weekly",
      weekday: String(report?.weekday ?? 1),
      day_of_month: report?.day_of_month ?? 1,
      time: report?.time ?? "07:00",
      format: report?.format ?? "pdf",
      recipient_user_ids: ids(report?.recipient_user_ids ?? []),
      recipient_profile_ids: ids(report?.recipient_profile_ids ?? []),
      recipient_emails: report?.recipient_emails ?? [],
      active: report?.active ?? true,
    },
  });
  const save = useSaveReport(report?.id ?? null, { form, fieldOf: { filters: "group_ids" } });
  const v = form.values;
  const type = options.types.find((x) => x.key === v.type);
  const weekdayNames = t("weekdayNames", { returnObjects: true }) as string[];

  const groupLabels = useMemo(() => {
    const grades = new Map(options.grades.map((g) => [g.id, g]));
    const sections = new Map(options.sections.map((s) => [s.id, s.name]));
    return options.groups.map((g) => {
      const grade = grades.get(g.grade_id);
      const section = grade ? sections.get(grade.section_id) : undefined;
      return { value: String(g.id), label: [section, grade?.name, g.name].filter(Boolean).join(" ") };
    });
  }, [options]);
  const gradeLabels = options.grades.map((g) => ({
    value: String(g.id),
    label: `${options.sections.find((s) => s.id === g.section_id)?.name ?? ""} ${g.name}`.trim(),
  }));

  const submit = form.onSubmit((values) => {
    const body: ScheduledReportBody = {
      name: values.name,
      type: values.type,
      filters: {
        section_ids: numbers(values.section_ids),
        grade_ids: numbers(values.grade_ids),
        group_ids: numbers(values.group_ids),
      },
      frequency: values.frequency,
      weekday: values.frequency === "weekly" ? Number(values.weekday) : null,
      day_of_month: values.frequency === "monthly" && values.day_of_month !== "" ? Number(values.day_of_month) : null,
      time: values.time,
      format: values.format,
      recipient_user_ids: numbers(values.recipient_user_ids),
      recipient_profile_ids: numbers(values.recipient_profile_ids),
      recipient_emails: type?.restricted ? [] : values.recipient_emails,
      active: values.active,
    };
    void save.submit(body, onClose);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {save.failure && (
          <Alert color="red" variant="light" role="alert">
            {save.failure}
          </Alert>
        )}
        <TextInput label={t("form.name")} required maxLength={120} {...form.getInputProps("name")} />
        <Select
          label={t("form.type")}
          required
          allowDeselect={false}
          data={options.types.map((x) => ({ value: x.key, label: x.name }))}
          description={type?.description}
          {...form.getInputProps("type")}
        />
        {type && (
          <Text size="xs" c="gray.7">
            {t(type.period === "range" ? "form.periodRange" : "form.periodSnapshot")}
          </Text>
        )}
        {type?.restricted && (
          <Alert color="orange" variant="light">
            {t("form.restricted")}
          </Alert>
        )}

        <Fieldset legend={t("form.filters")} radius="md">
          <Stack gap="xs">
            <MultiSelect
              label={t("form.sections")}
              data={options.sections.map((s) => ({ value: String(s.id), label: s.name }))}
              clearable
              {...form.getInputProps("section_ids")}
            />
            <MultiSelect
              label={t("form.grades")}
              data={gradeLabels}
              clearable
              searchable
              {...form.getInputProps("grade_ids")}
            />
            <MultiSelect
              label={t("form.groups")}
              data={groupLabels}
              clearable
              searchable
              {...form.getInputProps("group_ids")}
            />
          </Stack>
        </Fieldset>

        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-frequency">
            {t("form.frequency")}
          </Text>
          <SegmentedControl
            aria-labelledby="report-frequency"
            data={(["daily", "weekly", "monthly"] as const).map((f) => ({ value: f, label: t(`form.${f}`) }))}
            {...form.getInputProps("frequency")}
          />
        </Stack>
        <Group grow align="flex-start" wrap="wrap">
          {v.frequency === "weekly" && (
            <Select
              label={t("form.weekday")}
              allowDeselect={false}
              data={weekdayNames.map((name, i) => ({ value: String(i), label: name }))}
              {...form.getInputProps("weekday")}
            />
          )}
          {v.frequency === "monthly" && (
            <NumberInput
              label={t("form.dayOfMonth")}
              min={1}
              max={REPORT_MAX_MONTH_DAY}
              allowDecimal={false}
              {...form.getInputProps("day_of_month")}
            />
          )}
          <TextInput
            type="time"
            label={t("form.time")}
            description={t("form.timeHint", { zone: options.time_zone })}
            required
            {...form.getInputProps("time")}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="report-format">
            {t("form.format")}
          </Text>
          <SegmentedControl
            aria-labelledby="report-format"
            data={[
              { value: "pdf", label: "PDF" },
              { value: "xlsx", label: "Excel (XLSX)" },
            ]}
            {...form.getInputProps("format")}
          />
        </Stack>

        <Fieldset legend={t("form.recipients")} radius="md">
          <Stack gap="xs">
            <MultiSelect
              label={t("form.profiles")}
              data={options.profiles.map((p) => ({ value: String(p.id), label: p.name }))}
              clearable
              {...form.getInputProps("recipient_profile_ids")}
            />
            <MultiSelect
              label={t("form.users")}
              description={t("form.usersHint")}
              data={options.users.map((u) => ({ value: String(u.id), label: `${u.name} (${u.profile})` }))}
              clearable
              searchable
              {...form.getInputProps("recipient_user_ids")}
            />
            {!type?.restricted && (
              <Stack gap={6}>
                <Text size="sm" fw={500}>
                  {t("form.emails")}
                </Text>
                {v.recipient_emails.map((entry, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is their identity.
                  <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                    <TextInput
                      type="email"
                      aria-label={t("form.email")}
                      placeholder="nombre@ejemplo.org"
                      style={{ flex: 1, minWidth: 0 }}
                      {...form.getInputProps(`recipient_emails.${i}.email`)}
                    />
                    <Select
                      aria-label={t("form.language")}
                      w={110}
                      allowDeselect={false}
                      data={LANGUAGES.map((l) => ({ value: l, label: common(`language.${l}Long`) }))}
                      {...form.getInputProps(`recipient_emails.${i}.language`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t("form.removeEmail", { email: entry.email || "—" })}
                      onClick={() => form.removeListItem("recipient_emails", i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                {v.recipient_emails.length < REPORT_MAX_EXTRA_EMAILS && (
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    style={{ alignSelf: "flex-start" }}
                    onClick={() => form.insertListItem("recipient_emails", { email: "", language: "es" })}
                  >
                    {t("form.addEmail")}
                  </Button>
                )}
              </Stack>
            )}
            {form.errors.recipient_user_ids && (
              <Text size="sm" c="red.9" role="alert">
                {form.errors.recipient_user_ids}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <Switch label={t("form.activeLabel")} {...form.getInputProps("active", { type: "checkbox" })} />
        <Group justify="flex-end" gap="sm" mt="sm">
          <Button variant="default" onClick={onClose} disabled={save.busy}>
            {common("actions.cancel")}
          </Button>
          <Button type="submit" loading={save.busy}>
            {common("actions.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
