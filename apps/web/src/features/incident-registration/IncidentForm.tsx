import type { RegistrationOptions } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMaxFileSizeMb } from "../../lib/school-information.ts";
import { toast } from "../../lib/toast.ts";
import { ActionsField } from "./ActionsField.tsx";
import { queueIncident } from "./api/offline.ts";
import { type Registered, useRegisterIncident } from "./api/register.ts";
import { Section } from "./Bits.tsx";
import { EvidenceField } from "./EvidenceField.tsx";
import { FamilyTextField } from "./FamilyTextField.tsx";
import { FormShell } from "./FormShell.tsx";
import {
  actionCount,
  buildIncidentBody,
  incidentErrorsFromServer,
  involvedStudents,
  validateIncident,
} from "./incident-form.ts";
import { showProblems } from "./problems.ts";
import { QueuedPanel } from "./QueuedPanel.tsx";
import { SavedPanel } from "./SavedPanel.tsx";
import { SelectedStudents } from "./SelectedStudents.tsx";
import { StudentPicker } from "./StudentPicker.tsx";
import { TypePicker } from "./TypePicker.tsx";
import { useEvidenceUploads } from "./use-evidence-uploads.ts";
import { useIncidentForm } from "./use-incident-form.ts";
import { useRegistrationOutbox } from "./use-registration-outbox.ts";
import { WhenWhereFields } from "./WhenWhereFields.tsx";

/** The incident form: students, type, detail, when and where, evidence and formative actions, then the folio. */
export function IncidentForm({ options, detailsLink }: { options: RegistrationOptions; detailsLink: boolean }) {
  const { t, i18n } = useTranslation("registration");
  const maxMb = useMaxFileSizeMb();
  const tz = options.time_zone;
  const [saved, setSaved] = useState<Registered | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  const state = useIncidentForm(options, saved !== null || queued !== null);
  const { form, type } = state;
  const [showRestored, setShowRestored] = useState(state.restored);
  const [files, setFiles] = useState<File[]>([]);
  const outbox = useRegistrationOutbox();
  const v = form.values;
  // Without a connection the incident waits on the device (issue 32 §3), with the groups its students were seen in.
  const save = useRegisterIncident(
    {
      form,
      serverErrors: (errors) => incidentErrorsFromServer(errors, buildIncidentBody(form.values, tz).actionRows),
    },
    (body, key) =>
      queueIncident(
        outbox,
        body,
        new Map(v.students.map((s) => [s.id, s.group_id])),
        files,
        { students: v.students.map((s) => s.name), type: type ?? null, when: body.occurred_at, files: files.length },
        key,
      ),
  );
  const evidence = useEvidenceUploads();
  const involved = involvedStudents(v).length;

  const submit = () => {
    save.clearFailure();
    if (!showProblems(form, validateIncident(v, tz), t)) return;
    void save.submit(buildIncidentBody(v, tz).body, (outcome) => {
      if (outcome.sent) {
        toast("success", t("common:messages.saved"));
        setSaved(outcome.sent);
        void evidence.start(outcome.sent.id, files);
      } else {
        toast("info", t("offline.queuedToast"));
        setQueued(outcome.queued.id);
      }
    });
  };

  const another = () => {
    state.another();
    setFiles([]);
    save.clearFailure();
    setSaved(null);
    setQueued(null);
    evidence.clear();
    setShowRestored(false);
    window.scrollTo({ top: 0 });
  };

  if (queued) {
    return <QueuedPanel outbox={outbox} id={queued} detailsLink={detailsLink} onAnother={another} />;
  }

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
    <FormShell
      label={t("incidentForm")}
      onSubmit={submit}
      failure={save.failure}
      notice={
        showRestored && (
          <Alert color="blue" variant="light" icon={<IconHistory size={18} aria-hidden />} title={t("draft.restored")}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{t("draft.restoredHint")}</Text>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => {
                  state.startOver();
                  setShowRestored(false);
                }}
              >
                {t("draft.discard")}
              </Button>
            </Group>
          </Alert>
        )
      }
      main={
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
              onToggle={state.toggleStudent}
              label={t("students.search")}
              initialGroupId={v.group_id ? Number(v.group_id) : null}
            />
            <SelectedStudents
              students={v.students}
              onRole={(i, role) => form.setFieldValue(`students.${i}.role`, role)}
              onRemove={(i) => state.setStudents(v.students.filter((_, j) => j !== i))}
            />
          </Section>
          <Section id="incident-what" title={t("type.title")}>
            <TypePicker
              categories={state.categories}
              categoryId={v.category_id}
              typeId={v.type_id}
              onCategory={state.chooseCategory}
              onType={state.chooseType}
              error={form.errors.type_id as string | undefined}
            />
            <FamilyTextField
              label={t("detail.label")}
              placeholder={t("detail.placeholder")}
              maxRows={10}
              maxLength={5000}
              {...form.getInputProps("detail")}
              text={v.detail}
              students={v.students}
              visibleToFamily={v.visible_to_family}
            />
          </Section>
        </Stack>
      }
      side={
        <Stack gap="md">
          <Section id="incident-when" title={t("when.title")}>
            <WhenWhereFields
              form={form}
              options={options}
              onGroup={state.chooseGroup}
              onSubject={state.chooseSubject}
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
      }
      submitLabel={t("submit.incident")}
      summary={summary}
      busy={save.busy}
    />
  );
}
