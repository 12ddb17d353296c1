import type { RegistrationOptions } from "@convive/domain";
import { localizedName } from "@convive/domain/core";
import { Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../lib/session.ts";
import { toast } from "../../lib/toast.ts";
import { queueObservation } from "./api/offline.ts";
import { useRegisterObservation } from "./api/register.ts";
import { KindBadge, Section } from "./Bits.tsx";
import { draftKey, readDraft, useDraft } from "./draft.ts";
import { FamilyTextField } from "./FamilyTextField.tsx";
import { FormShell } from "./FormShell.tsx";
import {
  buildObservationBody,
  emptyObservation,
  type ObservationValues,
  observationErrorsFromServer,
  validateObservation,
} from "./observation-form.ts";
import { showProblems } from "./problems.ts";
import { QueuedPanel } from "./QueuedPanel.tsx";
import { ObservationSaved } from "./SavedPanel.tsx";
import { SelectedStudents } from "./SelectedStudents.tsx";
import { StudentPicker } from "./StudentPicker.tsx";
import { useRegistrationOutbox } from "./use-registration-outbox.ts";

/** An accompaniment observation: one student, an observation type, what was seen, the day, points, family. */
export function ObservationForm({ options }: { options: RegistrationOptions }) {
  const { t, i18n } = useTranslation("registration");
  const lang = i18n.resolvedLanguage ?? "es";
  const { userId, schoolId } = useSession();
  const key = draftKey("observation", userId, schoolId);
  const types = options.observation_types.filter((o) => o.is_active);
  const [restored] = useState(() => readDraft<ObservationValues>(key));
  const form = useForm<ObservationValues>({ initialValues: restored ?? emptyObservation(options.today) });
  const outbox = useRegistrationOutbox();
  const v = form.values;
  const chosenType = types.find((o) => String(o.id) === v.observation_type_id);
  // Without a connection the observation waits on the device (issue 32 §3).
  const save = useRegisterObservation({ form, serverErrors: observationErrorsFromServer }, (body, id) =>
    queueObservation(
      outbox,
      body,
      { students: v.student ? [v.student.name] : [], type: chosenType ?? null, when: body.observed_on, files: 0 },
      id,
    ),
  );
  const [saved, setSaved] = useState<{ id: number; name: string } | null>(null);
  const [queued, setQueued] = useState<string | null>(null);
  useDraft(key, v, !saved && !queued && (v.student !== null || v.text.trim() !== ""));

  const chooseType = (id: string) => {
    const type = types.find((o) => String(o.id) === id);
    form.setValues({ observation_type_id: id, points: type?.points ?? 0 });
    form.clearFieldError("observation_type_id");
  };

  const submit = () => {
    save.clearFailure();
    if (!showProblems(form, validateObservation(v, options.today), t)) return;
    const name = v.student!.name;
    void save.submit(buildObservationBody(v), (outcome) => {
      if (outcome.sent) {
        toast("success", t("common:messages.saved"));
        setSaved({ id: outcome.sent.id, name });
      } else {
        toast("info", t("offline.queuedToast"));
        setQueued(outcome.queued.id);
      }
    });
  };

  const another = () => {
    form.setValues(emptyObservation(options.today));
    form.clearErrors();
    setSaved(null);
    setQueued(null);
  };

  if (queued) return <QueuedPanel outbox={outbox} id={queued} detailsLink={false} onAnother={another} />;

  if (saved) {
    return <ObservationSaved studentName={saved.name} onAnother={another} />;
  }

  const type = chosenType;
  const summary = [
    v.student?.name ?? t("summary.noStudent"),
    type ? localizedName(type, lang) : t("summary.noObservationType"),
  ].join(" · ");

  return (
    <FormShell
      label={t("observationForm")}
      onSubmit={submit}
      failure={save.failure}
      main={
        <Section id="observation-student" title={t("observation.student")}>
          <StudentPicker
            groups={options.groups}
            selectedIds={v.student ? [v.student.id] : []}
            onToggle={(s) => {
              form.setFieldValue("student", v.student?.id === s.id ? null : s);
              form.clearFieldError("student");
            }}
            label={t("students.search")}
          />
          {v.student && (
            <SelectedStudents
              students={[{ ...v.student, role: "involved" }]}
              onRemove={() => form.setFieldValue("student", null)}
            />
          )}
          {form.errors.student && (
            <Text size="sm" c="red.8" role="alert" data-path="student" tabIndex={-1}>
              {form.errors.student}
            </Text>
          )}
        </Section>
      }
      side={
        <Section id="observation-what" title={t("observation.title")}>
          <Radio.Group
            label={t("observation.type")}
            withAsterisk
            value={v.observation_type_id}
            onChange={chooseType}
            error={form.errors.observation_type_id}
            name="observation-type"
            data-path="observation_type_id"
          >
            <Stack gap={6} mt={6}>
              {types.map((o) => (
                <Radio.Card key={o.id} value={String(o.id)} radius="md" p="sm" withBorder data-observation-type={o.id}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text size="sm" fw={600} style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }}>
                      {localizedName(o, lang)}
                    </Text>
                    <KindBadge value={o.kind} />
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <FamilyTextField
            label={t("observation.text")}
            placeholder={t("observation.textPlaceholder")}
            maxRows={8}
            maxLength={2000}
            {...form.getInputProps("text")}
            text={v.text}
            students={v.student ? [v.student] : []}
            visibleToFamily={v.visible_to_family}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              type="date"
              label={t("observation.date")}
              withAsterisk
              max={options.today}
              size="md"
              {...form.getInputProps("observed_on")}
            />
            <NumberInput
              label={t("observation.points")}
              min={0}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              size="md"
              {...form.getInputProps("points")}
            />
          </SimpleGrid>
          <Switch
            size="md"
            label={t("when.visibleToFamily")}
            description={t("observation.visibleHint")}
            {...form.getInputProps("visible_to_family", { type: "checkbox" })}
          />
        </Section>
      }
      submitLabel={t("submit.observation")}
      summary={summary}
      busy={save.busy}
    />
  );
}
