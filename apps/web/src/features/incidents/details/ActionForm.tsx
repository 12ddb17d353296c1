import { type FormativeAction, FormativeActionBody, UpdateFormativeActionBody } from "@convive/domain";
import { INCIDENT_LIMITS, occurrenceCount, REPEATS, type Repeat } from "@convive/domain/core";
import { Button, Grid, Group, Select, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconBulb } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { actionStudents, defaultActionStudent } from "./actions.ts";
import { guidelinesOf, type UserRef, useCategories, useSaveAction, useStaff } from "./api.ts";
import { DetailModal, LoadingModal } from "./DetailModal.tsx";
import type { DetailView } from "./view.ts";

interface Values {
  student_id: string | null;
  guideline: string;
  responsible_id: string | null;
  starts_on: string;
  ends_on: string;
  repeat: Repeat;
  notes: string;
}

/** The request body of the form's values (an empty end date is none; a one-off action has none). */
const toBody = (v: Values) => ({
  student_id: Number(v.student_id) || undefined,
  guideline: v.guideline,
  responsible_id: Number(v.responsible_id) || undefined,
  starts_on: v.starts_on,
  ends_on: v.repeat === "none" ? null : v.ends_on || null,
  repeat: v.repeat,
  notes: v.notes,
});

/** Where the list of staff comes from for this reader (see useStaff). */
export function staffSource(permissions: readonly string[]) {
  if (permissions.includes("incidents.create") || permissions.includes("accompaniment-observations.create")) {
    return "registration" as const;
  }
  if (permissions.includes("parent-meetings.create") || permissions.includes("parent-meetings.update")) {
    return "attendees" as const;
  }
  return null;
}

interface FormProps {
  view: DetailView;
  action: FormativeAction | null;
  studentId?: number | null;
  onClose: () => void;
}

/** Adds a formative action (student, guideline suggested by the type, responsible, dates, repeat) or edits one. */
export function ActionForm(props: FormProps) {
  const { t } = useTranslation("incidentDetails");
  const { view, action } = props;
  const categories = useCategories(action === null);
  const staff = useStaff(view.incident.id, staffSource(view.permissions));
  // The form opens once the staff list is here, so its default responsible (the reader, when listed) is known.
  if (staff.isLoading || categories.isLoading) {
    return (
      <LoadingModal title={action ? t("actionForm.editTitle") : t("actionForm.createTitle")} onClose={props.onClose} />
    );
  }
  const people = new Map<number, UserRef>();
  for (const p of staff.data ?? []) people.set(p.id, p);
  if (action && !people.has(action.responsible.id)) people.set(action.responsible.id, action.responsible);
  return (
    <ActionFormBody
      {...props}
      people={[...people.values()]}
      suggestions={guidelinesOf(categories.data, view.incident.type.id, view.lang)}
    />
  );
}

function ActionFormBody({
  view,
  action,
  studentId,
  onClose,
  people,
  suggestions,
}: FormProps & { people: UserRef[]; suggestions: string[] }) {
  const { t } = useTranslation("incidentDetails");
  const { incident } = view;
  const students = actionStudents(incident.students);
  const readerListed = view.userId !== null && people.some((p) => p.id === view.userId);
  const defaultResponsible = action?.responsible.id ?? (readerListed ? view.userId : null);
  const initialStudent = action?.student.id ?? studentId ?? defaultActionStudent(incident.students);
  const form = useForm<Values>({
    initialValues: {
      student_id: initialStudent === null ? null : String(initialStudent),
      guideline: action?.guideline ?? "",
      responsible_id: defaultResponsible === null ? null : String(defaultResponsible),
      starts_on: action?.starts_on ?? view.today,
      ends_on: action?.ends_on ?? "",
      repeat: action?.repeat ?? "none",
      notes: action?.notes ?? "",
    },
    validate: (v) => {
      const body = toBody(v);
      const errors = action
        ? schemaErrors(UpdateFormativeActionBody, body, t)
        : schemaErrors(FormativeActionBody, body, t, { ends_on: { custom: t("actionForm.endsAfterStart") } });
      if (v.repeat !== "none" && (!v.ends_on || v.ends_on < v.starts_on)) {
        errors.ends_on ??= v.ends_on ? t("actionForm.endsAfterStart") : t("actionForm.endsRequired");
      }
      return errors;
    },
  });
  const submit = useSaveAction(incident.id, action?.id ?? null, { form });
  const onSubmit = form.onSubmit((v) => {
    const { student_id, ...rest } = toBody(v);
    void submit.submit(action ? rest : { student_id, ...rest }, onClose);
  });

  const { repeat, starts_on, ends_on } = form.values;
  const count = repeat !== "none" && ends_on >= starts_on ? occurrenceCount(starts_on, ends_on, repeat) : 0;

  return (
    <DetailModal
      opened
      onClose={onClose}
      title={action ? t("actionForm.editTitle") : t("actionForm.createTitle")}
      onSubmit={onSubmit}
      busy={submit.busy}
      failure={submit.failure}
      submitLabel={action ? t("common:actions.save") : t("actionForm.create")}
    >
      {action ? (
        <Text size="sm">
          {t("actionForm.forStudent", { name: action.student.name ?? t("incidents:otherStudent") })}
        </Text>
      ) : (
        <Select
          label={t("actionForm.student")}
          required
          data={students.map((s) => ({ value: String(s.id), label: s.name }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("student_id")}
        />
      )}
      <Stack gap={6}>
        <Textarea
          label={t("actionForm.guideline")}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={INCIDENT_LIMITS.guidelineMax}
          data-autofocus
          {...form.getInputProps("guideline")}
        />
        {suggestions.length > 0 && (
          <Stack gap={4} role="group" aria-label={t("actionForm.suggestions")}>
            <Text size="xs" c="dimmed">
              <IconBulb size={14} aria-hidden style={{ verticalAlign: "-2px" }} /> {t("actionForm.suggestions")}
            </Text>
            <Group gap={6}>
              {suggestions.map((s) => (
                <Button
                  key={s}
                  size="compact-xs"
                  variant={form.values.guideline === s ? "filled" : "light"}
                  radius="xl"
                  onClick={() => form.setFieldValue("guideline", s)}
                  styles={{ label: { whiteSpace: "normal", textAlign: "start" } }}
                  h="auto"
                  py={4}
                >
                  {s}
                </Button>
              ))}
            </Group>
          </Stack>
        )}
      </Stack>
      <Select
        label={t("actionForm.responsible")}
        required
        searchable
        data={people.map((p) => ({ value: String(p.id), label: p.name }))}
        nothingFoundMessage={t("actionForm.nobody")}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("responsible_id")}
      />
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <Select
            label={t("actionForm.repeat")}
            data={REPEATS.map((r) => ({ value: r, label: t(`incidents:repeat.${r}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps("repeat")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 6 }}>
          <TextInput
            type="date"
            label={repeat === "none" ? t("actionForm.date") : t("actionForm.startsOn")}
            required
            {...form.getInputProps("starts_on")}
          />
        </Grid.Col>
        {repeat !== "none" && (
          <Grid.Col span={{ base: 12, xs: 6 }} offset={{ base: 0, xs: 6 }}>
            <TextInput
              type="date"
              label={t("actionForm.endsOn")}
              required
              min={starts_on}
              description={count > 0 ? t("actionForm.occurrences", { count }) : undefined}
              {...form.getInputProps("ends_on")}
            />
          </Grid.Col>
        )}
      </Grid>
      <Textarea
        label={t("actionForm.notes")}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={INCIDENT_LIMITS.noteMax}
        {...form.getInputProps("notes")}
      />
    </DetailModal>
  );
}
