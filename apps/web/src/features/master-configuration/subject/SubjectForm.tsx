import { CreateSubjectBody } from "@convive/domain";
import { Chip, Grid, MultiSelect, Group as Row, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import type { Grade, Subject } from "../shared/api.ts";
import { useSaveSubject } from "./api.ts";

interface Values {
  name: string;
  code: string;
  grade_ids: string[];
}

/** Grades grouped by section, as the grade picker lists them. */
export function gradesBySection(grades: Grade[]) {
  const sections = new Map<string, Grade[]>();
  for (const g of [...grades].sort((a, b) => a.order - b.order)) {
    sections.set(g.section_name, [...(sections.get(g.section_name) ?? []), g]);
  }
  return sections;
}

/** A subject with its code and the grades it is taught in. */
export function SubjectForm({
  subject,
  grades,
  onClose,
}: {
  subject: Subject | null;
  grades: Grade[];
  onClose: () => void;
}) {
  const { t } = useTranslation("masterConfiguration");
  const form = useForm<Values>({
    initialValues: {
      name: subject?.name ?? "",
      code: subject?.code ?? "",
      grade_ids: (subject?.grade_ids ?? []).map(String),
    },
    validate: (v) => schemaErrors(CreateSubjectBody, { ...v, grade_ids: v.grade_ids.map(Number) }, t),
  });
  const save = useSaveSubject(subject?.id ?? null, { form });
  const sections = gradesBySection(grades);
  const data = [...sections].map(([section, list]) => ({
    group: section,
    items: list.map((g) => ({ value: String(g.id), label: `${g.name} ${section}` })),
  }));

  const toggleSection = (list: Grade[], on: boolean) => {
    const ids = list.map((g) => String(g.id));
    const rest = form.values.grade_ids.filter((id) => !ids.includes(id));
    form.setFieldValue("grade_ids", on ? [...rest, ...ids] : rest);
  };

  const submit = form.onSubmit((v) =>
    save.submit({ name: v.name, code: v.code, grade_ids: v.grade_ids.map(Number) }, onClose),
  );

  return (
    <FormModal
      opened
      onClose={onClose}
      title={subject ? t("subjects.editTitle", { name: subject.name }) : t("subjects.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, xs: 8 }}>
          <TextInput
            label={t("subjects.name")}
            placeholder={t("subjects.namePlaceholder")}
            required
            maxLength={100}
            data-autofocus
            {...form.getInputProps("name")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xs: 4 }}>
          <TextInput
            label={t("subjects.code")}
            placeholder="MAT"
            maxLength={20}
            autoCapitalize="characters"
            {...form.getInputProps("code")}
          />
        </Grid.Col>
      </Grid>
      <MultiSelect
        label={t("subjects.grades")}
        description={t("subjects.gradesHint")}
        placeholder={form.values.grade_ids.length === 0 ? t("subjects.pickGrades") : undefined}
        data={data}
        searchable
        clearable
        hidePickedOptions
        nothingFoundMessage={t("subjects.noGrades")}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("grade_ids")}
      />
      {sections.size > 0 && (
        <div>
          <Text size="xs" c="dimmed" mb={4}>
            {t("subjects.wholeSection")}
          </Text>
          <Row gap={6}>
            {[...sections].map(([section, list]) => {
              const all = list.every((g) => form.values.grade_ids.includes(String(g.id)));
              return (
                <Chip key={section} size="xs" checked={all} onChange={(on) => toggleSection(list, on)} color="dark">
                  {section}
                </Chip>
              );
            })}
          </Row>
        </div>
      )}
    </FormModal>
  );
}
