import type { RegistrationOptions, StudentOption } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { Alert, Button, Grid, Group, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle, IconHistory } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { useMaxFileSizeMb } from "../account/api/max-file-size.ts";
import { ActionsField } from "./ActionsField.tsx";
import { type Registered, registerIncident } from "./api.ts";
import { Section } from "./Bits.tsx";
import { draftKey, readDraft, useDraft } from "./draft.ts";
import { EvidenceField } from "./EvidenceField.tsx";
import { focusFirstError } from "./focus.ts";
import {
  actionCount,
  buildIncidentBody,
  emptyIncident,
  type IncidentValues,
  incidentErrorsFromServer,
  involvedStudents,
  proposeActions,
  validateIncident,
} from "./incident-form.ts";
import { defaultResponsibleId, findType, prefillGroupId, prefillSubjectId, usableCategories } from "./prefill.ts";
import { SavedPanel } from "./SavedPanel.tsx";
import { SelectedStudents } from "./SelectedStudents.tsx";
import { StudentPicker } from "./StudentPicker.tsx";
import { SubmitBar } from "./SubmitBar.tsx";
import { wallNow } from "./school-time.ts";
import { TypePicker } from "./TypePicker.tsx";
import { useEvidenceUploads } from "./use-evidence-uploads.ts";
import { WhenWhereFields } from "./WhenWhereFields.tsx";

/** What the draft keeps besides the values: whether group and subject were chosen by hand (then not prefilled). */
interface Draft {
  values: IncidentValues;
  picked: { group: boolean; subject: boolean };
}

const toId = (id: number | null) => (id === null ? null : String(id));

/** The incident form: students, type, detail, when and where, evidence and formative actions, then the folio. */
export function IncidentForm({ options, detailsLink }: { options: RegistrationOptions; detailsLink: boolean }) {
  const { t, i18n } = useTranslation("registration");
  const { userId, schoolId } = useSession();
  const maxMb = useMaxFileSizeMb(schoolId, true);
  const tz = options.time_zone;
  const categories = useMemo(() => usableCategories(options.categories), [options.categories]);
  const key = draftKey("incident", userId, schoolId);

  const fresh = (keep?: { group_id: string | null; subject_id: string | null }): IncidentValues => {
    const group = keep ? keep.group_id : toId(prefillGroupId([], options.groups));
    const values = emptyIncident(wallNow(tz), {
      group_id: group,
      subject_id: keep ? keep.subject_id : toId(prefillSubjectId(group ? Number(group) : null, options.assignments)),
    });
    return categories.length === 1 ? { ...values, category_id: String(categories[0]!.id) } : values;
  };
  const [restored] = useState(() => readDraft<Draft>(key));
  const [picked, setPicked] = useState(restored?.picked ?? { group: false, subject: false });
  const form = useForm<IncidentValues>({ initialValues: restored?.values ?? fresh() });
  const [showRestored, setShowRestored] = useState(restored !== null);
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<Registered | null>(null);
  const evidence = useEvidenceUploads();

  const v = form.values;
  const worthKeeping = !saved && (v.students.length > 0 || v.detail.trim() !== "" || v.type_id !== null);
  useDraft<Draft>(key, { values: v, picked }, worthKeeping);

  const type = findType(categories, v.type_id);
  const involved = involvedStudents(v).length;

  const setStudents = (students: IncidentValues["students"]) => {
    form.setFieldValue("students", students);
    form.clearFieldError("students");
    if (picked.group) return;
    const group = toId(prefillGroupId(students, options.groups));
    form.setFieldValue("group_id", group);
    if (!picked.subject)
      form.setFieldValue("subject_id", toId(prefillSubjectId(group ? Number(group) : null, options.assignments)));
  };
  const toggleStudent = (s: StudentOption) => {
    const exists = v.students.some((p) => p.id === s.id);
    setStudents(exists ? v.students.filter((p) => p.id !== s.id) : [...v.students, { ...s, role: "involved" }]);
  };
  const chooseType = (id: string) => {
    const next = findType(categories, id);
    form.setValues({
      type_id: id,
      visible_to_family: next?.notify_family ?? true,
      actions: proposeActions(next, {
        responsibleId: defaultResponsibleId(userId, options.staff),
        today: options.today,
      }),
    });
    form.clearFieldError("type_id");
  };
  const chooseCategory = (id: string) => {
    const category = categories.find((c) => String(c.id) === id);
    form.setFieldValue("category_id", id);
    if (category?.types.length === 1) chooseType(String(category.types[0]!.id));
    else if (!category?.types.some((t) => String(t.id) === v.type_id)) form.setValues({ type_id: null, actions: [] });
  };

  const submit = async () => {
    setFailure(null);
    const problems = validateIncident(v, tz);
    if (Object.keys(problems).length > 0) {
      form.setErrors(Object.fromEntries(Object.entries(problems).map(([path, k]) => [path, t(k)])));
      focusFirstError(problems);
      return;
    }
    const { body, actionRows } = buildIncidentBody(v, tz);
    setBusy(true);
    try {
      const incident = await registerIncident(body);
      toast("success", t("common:messages.saved"));
      setSaved(incident);
      void evidence.start(incident.id, files);
    } catch (error) {
      toast("error", t("common:messages.saveFailed"));
      const { fields, rest } = incidentErrorsFromServer(
        error instanceof ApiError ? (error.errors ?? {}) : {},
        actionRows,
      );
      form.setErrors(fields);
      focusFirstError(fields);
      setFailure(rest.length ? rest.join(" ") : Object.keys(fields).length ? null : (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const another = () => {
    form.setValues(fresh({ group_id: v.group_id, subject_id: v.subject_id }));
    form.resetTouched();
    form.clearErrors();
    setFiles([]);
    setSaved(null);
    evidence.clear();
    setShowRestored(false);
    window.scrollTo({ top: 0 });
  };

  if (saved) {
    return (
      <SavedPanel
        incident={saved}
        uploads={evidence.uploads}
        onRetry={evidence.retry}
        title={t("saved.incidentTitle")}
        detailsLink={detailsLink}
        onAnother={another}
        anotherLabel={t("saved.another")}
      />
    );
  }

  const summary = [
    t("summary.students", { count: v.students.length }),
    type ? localizedName(type, i18n.resolvedLanguage ?? "es") : t("summary.noType"),
    actionCount(v) ? t("summary.actions", { count: actionCount(v) }) : null,
    files.length ? t("summary.files", { count: files.length }) : null,
  ]
    .filter(Boolean)
    .join(" · ");

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-label={t("incidentForm")}
    >
      <Stack gap="md">
        {showRestored && (
          <Alert color="blue" variant="light" icon={<IconHistory size={18} aria-hidden />} title={t("draft.restored")}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t("draft.restoredHint")}</Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  form.setValues(fresh());
                  form.clearErrors();
                  setPicked({ group: false, subject: false });
                  setShowRestored(false);
                }}
              >
                {t("draft.discard")}
              </Button>
            </Group>
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {failure}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Section id="incident-students" title={t("students.title")} hint={t("students.hint")}>
                {form.errors.students && (
                  <Text size="sm" c="red.8" role="alert" data-path="students" tabIndex={-1}>
                    {form.errors.students}
                  </Text>
                )}
                <StudentPicker
                  groups={options.groups}
                  selectedIds={v.students.map((s) => s.id)}
                  onToggle={toggleStudent}
                  label={t("students.search")}
                  initialGroupId={v.group_id ? Number(v.group_id) : null}
                />
                <SelectedStudents
                  students={v.students}
                  onRole={(i, role) => form.setFieldValue(`students.${i}.role`, role)}
                  onRemove={(i) => setStudents(v.students.filter((_, j) => j !== i))}
                />
              </Section>
              <Section id="incident-what" title={t("type.title")}>
                <TypePicker
                  categories={categories}
                  categoryId={v.category_id}
                  typeId={v.type_id}
                  onCategory={chooseCategory}
                  onType={chooseType}
                  error={form.errors.type_id as string | undefined}
                />
                <Textarea
                  label={t("detail.label")}
                  placeholder={t("detail.placeholder")}
                  withAsterisk
                  autosize
                  minRows={3}
                  maxRows={10}
                  maxLength={5000}
                  size="md"
                  {...form.getInputProps("detail")}
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Section id="incident-when" title={t("when.title")}>
                <WhenWhereFields
                  form={form}
                  options={options}
                  onGroup={(id) => {
                    setPicked((p) => ({ ...p, group: true }));
                    form.setFieldValue("group_id", id);
                    if (!picked.subject)
                      form.setFieldValue(
                        "subject_id",
                        toId(prefillSubjectId(id ? Number(id) : null, options.assignments)),
                      );
                  }}
                  onSubject={(id) => {
                    setPicked((p) => ({ ...p, subject: true }));
                    form.setFieldValue("subject_id", id);
                  }}
                />
              </Section>
              <Section id="incident-evidence" title={t("evidence.title")}>
                <EvidenceField files={files} onChange={setFiles} maxMb={maxMb} />
              </Section>
              {type && type.guidelines.length > 0 && (
                <Section id="incident-actions" title={t("actions.title")} hint={t("actions.hint")}>
                  <ActionsField form={form} staff={options.staff} involved={involved} />
                </Section>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
        <SubmitBar label={t("submit.incident")} summary={summary} busy={busy} />
      </Stack>
    </form>
  );
}
