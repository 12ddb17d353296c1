import { CreateGradeBody, CreateGroupBody, CreateSectionBody } from "@convive/domain";
import { englishLevelName, LEVEL_NAMES, localName } from "@convive/domain/core";
import { Chip, NumberInput, Group as Row, Select, Text, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { type Grade, type Group, levelOf, type SchoolMember, type Section } from "../shared/api.ts";
import { EnglishNameField, spanishNameProps } from "../shared/EnglishNameField.tsx";
import { staffOptions } from "../shared/staff.ts";
import { useSaveGrade, useSaveGroup, useSaveSection } from "./api.ts";

const orderOf = (v: number | string) => (typeof v === "number" ? v : undefined);

interface NamedValues {
  name: string;
  /** Levels only: the English name. */
  name_en?: string;
  order: number | string;
}

/** Suggested names to pick with one tap (only those not used yet), shown in the reader's language. */
function Suggestions({
  names,
  onPick,
  label,
}: {
  names: { value: string; label: string }[];
  onPick: (name: string) => void;
  label: string;
}) {
  if (names.length === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      <Row gap={6}>
        {names.map((n) => (
          <Chip key={n.value} size="xs" checked={false} onChange={() => onPick(n.value)} variant="outline">
            {n.label}
          </Chip>
        ))}
      </Row>
    </div>
  );
}

export function SectionForm({
  section,
  sections,
  onClose,
}: {
  section: Section | null;
  sections: Section[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const form = useForm<NamedValues>({
    initialValues: { name: section?.name ?? "", name_en: section?.name_en ?? "", order: section?.order ?? "" },
    validate: (v) => schemaErrors(CreateSectionBody, { name: v.name, name_en: v.name_en, order: orderOf(v.order) }, t),
  });
  const save = useSaveSection(section?.id ?? null, { form });
  const used = new Set(sections.map((s) => s.name.toLowerCase()));
  const submit = form.onSubmit((v) =>
    save.submit({ name: v.name, name_en: v.name_en ?? "", order: orderOf(v.order) }, onClose),
  );
  // A suggested level fills both names ("Primaria" / "Primary").
  const pick = (es: string) => form.setValues({ name: es, name_en: LEVEL_NAMES.find((l) => l.es === es)?.en ?? "" });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={section ? t("sections.editTitle", { name: localName(section, lang) }) : t("sections.createTitle")}
      onSubmit={submit}
      save={save}
    >
      <TextInput
        label={t("sections.name")}
        placeholder="Primaria"
        required
        maxLength={80}
        data-autofocus
        {...spanishNameProps(form, englishLevelName)}
      />
      {!section && (
        <Suggestions
          label={t("sections.suggestions")}
          names={LEVEL_NAMES.filter((l) => !used.has(l.es.toLowerCase())).map((l) => ({
            value: l.es,
            label: lang === "en" ? l.en : l.es,
          }))}
          onPick={pick}
        />
      )}
      <EnglishNameField placeholder="Primary" maxLength={80} {...form.getInputProps("name_en")} />
      <OrderInput form={form} />
    </FormModal>
  );
}

function OrderInput({ form }: { form: UseFormReturnType<NamedValues> }) {
  const { t } = useTranslation("masterConfiguration");
  return (
    <NumberInput
      label={t("structure.order")}
      description={t("structure.orderHint")}
      min={0}
      max={1000}
      allowDecimal={false}
      allowNegative={false}
      w={{ base: "100%", xs: 220 }}
      {...form.getInputProps("order")}
    />
  );
}

/** "1°", "2°", … the next one after the grades the section has. */
function nextGradeName(grades: Grade[]) {
  const numbers = grades.map((g) => Number.parseInt(g.name, 10)).filter((n) => Number.isFinite(n));
  return `${numbers.length > 0 ? Math.max(...numbers) + 1 : 1}°`;
}

export function GradeForm({
  grade,
  section,
  grades,
  onClose,
}: {
  grade: Grade | null;
  section: Section;
  /** The section's grades (for the suggested name). */
  grades: Grade[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const form = useForm<NamedValues>({
    initialValues: { name: grade?.name ?? nextGradeName(grades), order: grade?.order ?? "" },
    validate: (v) =>
      schemaErrors(CreateGradeBody, { section_id: section.id, name: v.name, order: orderOf(v.order) }, t),
  });
  const save = useSaveGrade(grade?.id ?? null, section.id, { form });
  const submit = form.onSubmit((v) => save.submit({ name: v.name, order: orderOf(v.order) }, onClose));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={
        grade
          ? t("grades.editTitle", { name: grade.name, section: localName(section, lang) })
          : t("grades.createTitle", { section: localName(section, lang) })
      }
      onSubmit={submit}
      save={save}
    >
      <TextInput
        label={t("grades.name")}
        description={t("grades.nameHint")}
        placeholder="1°"
        required
        maxLength={40}
        data-autofocus
        {...form.getInputProps("name")}
      />
      <OrderInput form={form} />
    </FormModal>
  );
}

/** "A", "B", … the first letter the grade's groups do not use yet. */
function nextGroupName(groups: Group[]) {
  const used = new Set(groups.map((g) => g.name.trim().toUpperCase()));
  for (let c = 65; c <= 90; c++) if (!used.has(String.fromCharCode(c))) return String.fromCharCode(c);
  return "";
}

interface GroupValues {
  name: string;
  head_teacher_id: string | null;
}

export function GroupForm({
  group,
  grade,
  yearId,
  yearName,
  siblings,
  staff,
  onClose,
}: {
  group: Group | null;
  grade: Grade;
  /** The school year shown (null: the current one). */
  yearId: number | null;
  yearName: string;
  /** The grade's groups in that year. */
  siblings: Group[];
  staff: SchoolMember[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const form = useForm<GroupValues>({
    initialValues: {
      name: group?.name ?? nextGroupName(siblings),
      head_teacher_id: group?.head_teacher_id ? String(group.head_teacher_id) : null,
    },
    validate: (v) => schemaErrors(CreateGroupBody, { grade_id: grade.id, name: v.name }, t),
  });
  const save = useSaveGroup(group?.id ?? null, grade.id, yearId, { form });
  const options = useMemo(
    () => staffOptions(staff, i18n.resolvedLanguage ?? "es", group),
    [staff, i18n.resolvedLanguage, group],
  );

  const submit = form.onSubmit((v) =>
    save.submit({ name: v.name, head_teacher_id: v.head_teacher_id ? Number(v.head_teacher_id) : null }, onClose),
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={
        group
          ? t("groups.editTitle", {
              grade: grade.name,
              name: group.name,
              section: levelOf(grade, i18n.resolvedLanguage ?? "es"),
            })
          : t("groups.createTitle", { grade: grade.name, section: levelOf(grade, i18n.resolvedLanguage ?? "es") })
      }
      onSubmit={submit}
      save={save}
    >
      <Text size="sm" c="dimmed">
        {t("groups.inYear", { year: yearName })}
      </Text>
      <TextInput
        label={t("groups.name")}
        placeholder="A"
        required
        maxLength={20}
        data-autofocus
        w={{ base: "100%", xs: 220 }}
        {...form.getInputProps("name")}
      />
      <Select
        label={t("groups.headTeacher")}
        description={t("groups.headTeacherHint")}
        placeholder={t("groups.noHeadTeacher")}
        data={options}
        searchable
        clearable
        nothingFoundMessage={t("groups.noStaff")}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps("head_teacher_id")}
      />
    </FormModal>
  );
}
