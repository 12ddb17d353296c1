import { Alert, Anchor, Blockquote, Group, Stack, Text } from "@mantine/core";
import { IconEyeOff } from "@tabler/icons-react";
import type { RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useFamilyTextCheck } from "../lib/family-text-check.ts";

/** Previews shown at once; the rest are counted. */
const SHOWN = 2;

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Puts the cursor on the first occurrence of `name` in the field, selected, so the teacher can type over it. */
function selectIn(field: Field | null, name: string) {
  if (!field) return;
  const at = field.value.indexOf(name);
  field.focus();
  if (at >= 0) field.setSelectionRange(at, at + name.length);
}

/**
 * Under a field families will read: warns, as the teacher types, that the text names other students, lists the
 * names (each one selects itself in the field, to rewrite it) and shows what the family of each student of the
 * incident will read. Saving stays possible: the families' copies are redacted by the server anyway.
 */
export function FamilyTextWarning({
  text,
  students,
  enabled,
  field,
}: {
  text: string;
  /** The incident's students so far (the observed student for an observation). */
  students: readonly { id: number; name: string }[];
  /** Whether families will see this text at all. */
  enabled: boolean;
  field: RefObject<Field | null>;
}) {
  const { t, ready } = useTranslation("familyText", { useSuspense: false });
  const check = useFamilyTextCheck(
    text,
    students.map((s) => s.id),
    enabled,
  );
  const show = ready && check !== null && check.names.length > 0;
  const nameOf = new Map(students.map((s) => [s.id, s.name]));
  const previews = check?.previews ?? [];
  return (
    <div role="status" aria-live="polite">
      {show && (
        <Alert
          color="yellow"
          variant="light"
          mt={6}
          p="sm"
          icon={<IconEyeOff size={18} aria-hidden />}
          title={
            // The alert's own yellow title is too pale on its light background (WCAG AA contrast).
            <Text span fw={700} size="sm" c="dark.7">
              {t("title")}
            </Text>
          }
          data-testid="family-text-warning"
        >
          <Stack gap={6}>
            <Group gap={6} wrap="wrap">
              <Text size="sm">{t("names")}</Text>
              {check.names.map((name) => (
                <Anchor
                  key={name}
                  component="button"
                  type="button"
                  size="sm"
                  fw={600}
                  underline="always"
                  aria-label={t("pick", { name })}
                  onClick={() => selectIn(field.current, name)}
                >
                  {name}
                </Anchor>
              ))}
            </Group>
            {previews.slice(0, SHOWN).map((p) => (
              <div key={p.student_id ?? "any"}>
                <Text size="sm" fw={500}>
                  {p.student_id === null || !nameOf.has(p.student_id)
                    ? t("readsAsAny")
                    : t("readsAs", { student: nameOf.get(p.student_id) })}
                </Text>
                <Blockquote p={6} pl="sm" mt={2} fz="sm" color="yellow" style={{ whiteSpace: "pre-wrap" }}>
                  {p.text}
                </Blockquote>
              </div>
            ))}
            {previews.length > SHOWN && (
              <Text size="sm" c="dimmed">
                {t("moreFamilies", { count: previews.length - SHOWN })}
              </Text>
            )}
            <Text size="xs">{t("hint")}</Text>
          </Stack>
        </Alert>
      )}
    </div>
  );
}
