import { isHyphenOnlyLine, parseGuidelines } from "@convive/domain/core";
import { Text, Textarea, type TextareaProps } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The numbers (1-based) of the lines that hold only a hyphen, which spec §5 refuses. */
export const hyphenOnlyLines = (text: string) =>
  text.split(/\r?\n/).flatMap((line, i) => (isHyphenOnlyLine(line) ? [i + 1] : []));

/**
 * Formative guidelines typed one per line. The error under the field is the form's (the spec-derived
 * GUIDELINE_HYPHEN_ONLY text, checked as the user types); below it the field says which lines to fix, or how many
 * guidelines will be saved.
 */
export function GuidelinesField({ value, error, ...props }: TextareaProps & { value: string }) {
  const { t } = useTranslation("incidentsConfig");
  const bad = hyphenOnlyLines(value);
  const saved = parseGuidelines(value);
  const status =
    bad.length > 0
      ? t("types.badLines", { count: bad.length, lines: bad.join(", ") })
      : saved && saved.length > 0
        ? t("types.guidelinesCount", { count: saved.length })
        : t("types.guidelinesNone");
  return (
    <div>
      <Textarea
        label={t("types.guidelines")}
        description={t("types.guidelinesHint")}
        placeholder={t("types.guidelinesPlaceholder")}
        autosize
        minRows={4}
        maxRows={14}
        value={value}
        error={error}
        {...props}
      />
      <Text size="xs" c={bad.length > 0 ? "red.8" : "dimmed"} mt={4} aria-live="polite">
        {status}
      </Text>
    </div>
  );
}
