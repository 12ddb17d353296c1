import { FORM_FIELD_TYPES, type FormField, type FormFieldType, optionsOf } from "@convive/domain";
import { Select, Switch, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { BilingualNameFields } from "../../master-configuration/index.ts";

interface Values {
  type: FormFieldType;
  name_es: string;
  name_en: string;
  help: string;
  help_en: string;
  required: boolean;
  /** One option per line: "Español | English". */
  options: string;
  condition_field: string | null;
  condition_equals: string | null;
}

const CHOICES: FormFieldType[] = ["single_choice", "multiple_choice"];
const slug = (text: string, i: number) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 30) || `op${i + 1}`;

/** Parses the options box; values stay those of options already there (answers keep their meaning). */
function parseOptions(text: string, before: FormField["options"]) {
  const used = new Set<string>();
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line, i) => {
      const [es = "", en = ""] = line.split("|").map((x) => x.trim());
      let value = before.find((o) => o.label === es)?.value ?? slug(es, i);
      while (used.has(value)) value = `${value}_${i + 1}`;
      used.add(value);
      return { value, label: es, label_en: en || es };
    });
}

/** One question of a template: type, es/en label and help, required, options, and the simple condition. */
export function QuestionModal({
  opened,
  onClose,
  question,
  earlier,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  question: FormField | null;
  /** The questions before this one: a condition may name one of their choice or yes/no questions. */
  earlier: FormField[];
  onSave: (question: Omit<FormField, "key">) => void;
}) {
  const { t, i18n } = useTranslation("forms");
  const form = useForm<Values>({
    initialValues: {
      type: "short_text",
      name_es: "",
      name_en: "",
      help: "",
      help_en: "",
      required: false,
      options: "",
      condition_field: null,
      condition_equals: null,
    },
    validate: {
      name_es: (v) => (v.trim() ? null : t("editor.required")),
      options: (v, all) =>
        CHOICES.includes(all.type) && parseOptions(v, []).length < 2 ? t("editor.optionsHint") : null,
      condition_equals: (v, all) => (all.condition_field && !v ? t("editor.required") : null),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once per opening
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      type: question?.type ?? "short_text",
      name_es: question?.label ?? "",
      name_en: question?.label_en ?? "",
      help: question?.help ?? "",
      help_en: question?.help_en ?? "",
      required: question?.required ?? false,
      options: (question?.options ?? []).map((o) => `${o.label} | ${o.label_en}`).join("\n"),
      condition_field: question?.condition?.field ?? null,
      condition_equals: question?.condition?.equals ?? null,
    });
    form.resetDirty();
  }, [opened]);
  const sources = earlier.filter((f) => ["single_choice", "multiple_choice", "yes_no"].includes(f.type));
  const source = sources.find((f) => f.key === form.values.condition_field);
  const en = i18n.language === "en";
  const submit = form.onSubmit((v) => {
    onSave({
      type: v.type,
      label: v.name_es.trim(),
      label_en: v.name_en.trim() || v.name_es.trim(),
      help: v.help.trim(),
      help_en: v.help_en.trim(),
      required: v.required,
      options: CHOICES.includes(v.type) ? parseOptions(v.options, question?.options ?? []) : [],
      condition:
        v.condition_field && v.condition_equals ? { field: v.condition_field, equals: v.condition_equals } : null,
    });
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t(question ? "editor.editQuestion" : "editor.addQuestion")}
      onSubmit={submit}
      size="lg"
    >
      <Select
        label={t("editor.type")}
        required
        allowDeselect={false}
        data={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
        {...form.getInputProps("type")}
      />
      <BilingualNameFields
        form={form}
        placeholders={{ es: t("editor.labelEs"), en: t("editor.labelEn") }}
        maxLength={300}
      />
      <Textarea label={t("editor.help")} autosize minRows={1} lang="es" {...form.getInputProps("help")} />
      <Textarea label={t("editor.helpEn")} autosize minRows={1} lang="en" {...form.getInputProps("help_en")} />
      {CHOICES.includes(form.values.type) && (
        <Textarea
          label={t("editor.options")}
          description={t("editor.optionsHint")}
          autosize
          minRows={3}
          {...form.getInputProps("options")}
        />
      )}
      <Switch label={t("editor.requiredSwitch")} {...form.getInputProps("required", { type: "checkbox" })} />
      {sources.length > 0 && (
        <>
          <Select
            label={t("editor.conditionField")}
            description={t("editor.conditionHint")}
            clearable
            data={sources.map((f) => ({ value: f.key, label: en ? f.label_en : f.label }))}
            {...form.getInputProps("condition_field")}
            onChange={(v) => form.setValues({ condition_field: v, condition_equals: null })}
          />
          {source && (
            <Select
              label={t("editor.conditionValue")}
              required
              data={optionsOf(source).map((o) => ({ value: o.value, label: en ? o.label_en : o.label }))}
              {...form.getInputProps("condition_equals")}
            />
          )}
        </>
      )}
    </FormModal>
  );
}
