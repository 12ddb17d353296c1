import {
  type AnswerValue,
  type FormAnswers,
  type FormDefinition,
  type FormField,
  type Language,
  labelIn,
  optionsOf,
  shownFields,
} from "@convive/domain";
import { Checkbox, FileInput, NumberInput, Radio, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFormFile } from "../api/forms.ts";

interface Props {
  definition: FormDefinition;
  values: FormAnswers;
  onChange?: (values: FormAnswers) => void;
  readOnly?: boolean;
  language: Language;
  /** Field errors by question key. */
  errors?: Record<string, string>;
  /** Files already attached, by id (their names). */
  fileNames?: Record<number, string>;
  /** The preview uploads nothing. */
  preview?: boolean;
}

/**
 * A form's questions as a family sees them (the family's screen and the configurator's live preview): only the
 * questions whose condition is met, in the reader's language, labelled for screen readers.
 */
export function FormQuestions({
  definition,
  values,
  onChange,
  readOnly,
  language,
  errors = {},
  fileNames = {},
  preview,
}: Props) {
  const { t } = useTranslation("forms");
  const set = (key: string, value: AnswerValue) => onChange?.({ ...values, [key]: value });
  const title = language === "en" ? definition.name_en : definition.name;
  const description = language === "en" ? definition.description_en : definition.description;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h4">
          {title}
        </Title>
        {description && (
          <Text size="sm" c="gray.7" style={{ whiteSpace: "pre-line" }}>
            {description}
          </Text>
        )}
      </div>
      {shownFields(definition.fields, values).map((field) => (
        <Question
          key={field.key}
          field={field}
          value={values[field.key]}
          set={(v) => set(field.key, v)}
          readOnly={readOnly}
          language={language}
          error={errors[field.key]}
          fileName={typeof values[field.key] === "number" ? fileNames[values[field.key] as number] : undefined}
          preview={preview}
          t={t}
        />
      ))}
    </Stack>
  );
}

function Question({
  field,
  value,
  set,
  readOnly,
  language,
  error,
  fileName,
  preview,
  t,
}: {
  field: FormField;
  value: AnswerValue | undefined;
  set: (value: AnswerValue) => void;
  readOnly?: boolean;
  language: Language;
  error?: string;
  fileName?: string;
  preview?: boolean;
  t: (key: string) => string;
}) {
  const label = labelIn(field, language);
  const help = language === "en" ? field.help_en : field.help;
  const common = { label, description: help || undefined, required: field.required, error, disabled: readOnly };
  const [uploading, setUploading] = useState(false);
  const text = typeof value === "string" ? value : "";
  switch (field.type) {
    case "short_text":
      return <TextInput {...common} value={text} maxLength={200} onChange={(e) => set(e.currentTarget.value)} />;
    case "long_text":
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text}
          maxLength={4000}
          onChange={(e) => set(e.currentTarget.value)}
        />
      );
    case "date":
      return <TextInput {...common} type="date" value={text} onChange={(e) => set(e.currentTarget.value)} />;
    case "number":
      return (
        <NumberInput
          {...common}
          value={typeof value === "number" ? value : ""}
          onChange={(v) => set(typeof v === "number" ? v : null)}
        />
      );
    case "single_choice":
    case "yes_no":
      return (
        <Radio.Group {...common} value={text || null} onChange={(v) => set(v)}>
          <Stack gap={8} mt={6}>
            {optionsOf(field).map((o) => (
              <Radio key={o.value} value={o.value} label={labelIn(o, language)} disabled={readOnly} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case "multiple_choice":
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={(v) => set(v)}>
          <Stack gap={8} mt={6}>
            {optionsOf(field).map((o) => (
              <Checkbox key={o.value} value={o.value} label={labelIn(o, language)} disabled={readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case "file":
      return (
        <FileInput
          {...common}
          clearable={!readOnly}
          placeholder={fileName ?? (typeof value === "number" ? t("answer.fileAttached") : t("answer.chooseFile"))}
          disabled={readOnly || uploading}
          onChange={async (file) => {
            if (!file) return set(null);
            if (preview) return;
            setUploading(true);
            try {
              set((await uploadFormFile(file)).id);
            } finally {
              setUploading(false);
            }
          }}
        />
      );
    case "acknowledgement": {
      const ack = value && typeof value === "object" && !Array.isArray(value) ? value : null;
      return (
        <Stack gap={6}>
          <Checkbox
            label={label}
            description={help || undefined}
            checked={Boolean(ack)}
            disabled={readOnly}
            error={error}
            onChange={(e) => set(e.currentTarget.checked ? { accepted: true, signer: ack?.signer ?? "" } : null)}
          />
          {ack && (
            <TextInput
              label={t("answer.signer")}
              required
              disabled={readOnly}
              value={ack.signer}
              onChange={(e) => set({ accepted: true, signer: e.currentTarget.value })}
            />
          )}
        </Stack>
      );
    }
  }
}
