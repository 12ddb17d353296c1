import { CreateGradeBody, CreateGroupBody, CreateSectionBody } from "@convive/domain";
import { Chip, NumberInput, Group as Row, Select, Text, TextInput } from "@mantine/core";
import { type UseFormReturnType, useForm } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useFormMutation } from "../../../lib/use-form-mutation.ts";
import type { Grade, Group, SchoolMember, Section } from "../shared/api.ts";
import { staffOptions } from "../shared/staff.ts";
import { useSaveGrade, useSaveGroup, useSaveSection } from "./api.ts";

const SECTION_NAMES = ["Preescolar", "Primaria", "Secundaria", "Preparatoria"];

const orderOf = (v: number | string) => (typeof v === "number" ? v : undefined);

interface NamedValues {
  name: string;
  order: number | string;
}

/** Suggested names to pick with one tap (only those not used yet). */
function Suggestions({ names, onPick, label }: { names: string[]; onPick: (name: string) => void; label: string }) {
  if (names.length === 0) return null;
  return (
    <div>
      <Text size="xs" c="dimmed" mb={4}>
        {label}
      </Text>
      <Row gap={6}>
        {names.map((n) => (
          <Chip key={n} size="xs" checked={false} onChange={() => onPick(n)} variant="outline">
            {n}
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
  const { t } = useTranslation("masterConfiguration");
  const form = useForm<NamedValues>({
    initialValues: { name: section?.name ?? "", order: section?.order ?? "" },
    validate: (v) => schemaErrors(CreateSectionBody, { name: v.name, order: orderOf(v.order) }, t),
  });
  const save = useFormMutation(form, useSaveSection(section?.id ?? null));
  const used = new Set(sections.map((s) => s.name.toLowerCase()));
  const submit = form.onSubmit((v) => save.submit({ name: v.name, order: orderOf(v.order) }, onClose));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={section ? t("sections.editTitle", { name: section.name }) : t("sections.createTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
    >
      <TextInput
        label={t("sections.name")}
        placeholder="Primaria"
        required
        maxLength={80}
        data-autofocus
        {...form.getInputProps("name")}
      />
      {!section && (
        <Suggestions
          label={t("sections.suggestions")}
          names={SECTION_NAMES.filter((n) => !used.has(n.toLowerCase()))}
          onPick={(n) => form.setFieldValue("name", n)}
        />
      )}
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
  const { t } = useTranslation("masterConfiguration");
  const form = useForm<NamedValues>({
    initialValues: { name: grade?.name ?? nextGradeName(grades), order: grade?.order ?? "" },
    validate: (v) =>
      schemaErrors(CreateGradeBody, { section_id: section.id, name: v.name, order: orderOf(v.order) }, t),
  });
  const save = useFormMutation(form, useSaveGrade(grade?.id ?? null, section.id));
  const submit = form.onSubmit((v) => save.submit({ name: v.name, order: orderOf(v.order) }, onClose));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={
        grade
          ? t("grades.editTitle", { name: grade.name, section: section.name })
          : t("grades.createTitle", { section: section.name })
      }
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
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
  const save = useFormMutation(form, useSaveGroup(group?.id ?? null, grade.id, yearId));
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
          ? t("groups.editTitle", { grade: grade.name, name: group.name, section: grade.section_name })
          : t("groups.createTitle", { grade: grade.name, section: grade.section_name })
      }
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
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
