import type { FamilyForm, FormAnswers, Language } from "@convive/domain";
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useDates } from "../../../lib/dates.ts";
import { useFamilyForm, useSaveAnswer } from "../api/forms.ts";
import { FormQuestions } from "./FormQuestions.tsx";

/** An acknowledgement without a signer yet is not an answer: a draft keeps it out. */
const cleaned = (values: FormAnswers): FormAnswers =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => !(v && typeof v === "object" && !Array.isArray(v) && v.signer.trim().length < 2),
    ),
  );

/** A family's form (issue 29 §2): one answer per child, a draft until sent, changed until the due date. */
export function FamilyFormView({ formId }: { formId: number }) {
  const { t, i18n } = useTranslation("forms");
  const dates = useDates();
  const query = useFamilyForm(formId);
  const form = query.data;
  const [childId, setChildId] = useState<number | null>(null);
  if (!form) return <QueryState query={query} />;
  const child = form.children.find((c) => c.student.id === childId) ?? form.children[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Text size="sm" c="gray.7">
          {t("family.due", { date: dates.day(form.due_date) })}
        </Text>
        <Badge variant="filled" color={form.editable ? "blue.9" : "gray.7"}>
          {t(form.editable ? "status.open" : "status.closed")}
        </Badge>
      </Group>
      {form.children.length > 1 && (
        <SegmentedControl
          fullWidth
          value={String(child?.student.id)}
          onChange={(v) => setChildId(Number(v))}
          data={form.children.map((c) => ({ value: String(c.student.id), label: c.student.name.split(" ")[0] ?? "" }))}
        />
      )}
      {child && <ChildAnswer key={child.student.id} form={form} child={child} language={i18n.language as Language} />}
    </Stack>
  );
}

function ChildAnswer({
  form,
  child,
  language,
}: {
  form: FamilyForm;
  child: FamilyForm["children"][number];
  language: Language;
}) {
  const { t } = useTranslation("forms");
  const dates = useDates();
  const [values, setValues] = useState<FormAnswers>(child.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(child.answers), [child.answers]);
  const save = useSaveAnswer({
    serverErrors: (errs) => {
      setErrors(Object.fromEntries(Object.entries(errs).map(([k, v]) => [k.replace(/^answers\./, ""), v])));
      return { fields: {}, rest: [] };
    },
  });
  const submitted = child.status === "submitted";
  const send = (submit: boolean) => {
    setErrors({});
    void save.submit({ formId: form.id, studentId: child.student.id, answers: cleaned(values), submit });
  };
  const fileNames = Object.fromEntries(child.files.map((f) => [f.id, f.file_name]));
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <Text fw={600}>{child.student.name}</Text>
        {child.answered_by && (
          <Alert color={submitted ? "green" : "yellow"} variant="light" data-testid="answered-by">
            {t(submitted ? "family.answeredBy" : "family.draftBy", {
              name: child.answered_by.name,
              date: dates.dateTime(child.submitted_at ?? child.updated_at ?? new Date().toISOString()),
            })}
          </Alert>
        )}
        {!form.editable && <Alert color="gray">{t("family.readOnly")}</Alert>}
        <FormQuestions
          definition={form.definition}
          values={values}
          onChange={setValues}
          readOnly={!form.editable}
          language={language}
          errors={errors}
          fileNames={fileNames}
        />
        {form.editable && (
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {!submitted && (
              <Button variant="default" onClick={() => send(false)} loading={save.busy}>
                {t("family.saveDraft")}
              </Button>
            )}
            <Button onClick={() => send(true)} loading={save.busy}>
              {t(submitted ? "family.saveChanges" : "family.submit")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
