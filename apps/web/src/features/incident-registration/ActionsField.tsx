import type { RegistrationOptions } from "@convive/domain";
import { addDays, REPEATS, type Repeat } from "@convive/domain/core";
import { Checkbox, Paper, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useTranslation } from "react-i18next";
import type { IncidentValues } from "./incident-form.ts";

/**
 * The type's formative guidelines, each a proposal to tick: responsible (the caller by default), date (today),
 * repeat and end date. A ticked guideline becomes one formative action per involved student.
 */
export function ActionsField({
  form,
  staff,
  involved,
}: {
  form: UseFormReturnType<IncidentValues>;
  staff: RegistrationOptions["staff"];
  involved: number;
}) {
  const { t } = useTranslation("registration");
  const actions = form.values.actions;
  const staffData = staff.map((s) => ({ value: String(s.id), label: s.name }));
  const chosen = actions.filter((a) => a.chosen).length;

  const setRepeat = (i: number, repeat: Repeat) => {
    form.setFieldValue(`actions.${i}.repeat`, repeat);
    const action = actions[i]!;
    // A sensible end the teacher can change: a week of daily follow-up, a month of weekly follow-up.
    if (repeat !== "none" && !action.ends_on) {
      form.setFieldValue(`actions.${i}.ends_on`, addDays(action.starts_on, repeat === "daily" ? 4 : 28));
    }
  };

  return (
    <Stack gap="xs">
      <Text
        size="sm"
        c={form.errors.actions ? "red.8" : "gray.7"}
        role={form.errors.actions ? "alert" : undefined}
        data-path="actions"
        tabIndex={-1}
      >
        {form.errors.actions ??
          (involved === 0
            ? t("actions.nobodyInvolved")
            : t("actions.perStudent", { count: involved, actions: chosen * involved }))}
      </Text>
      {actions.map((action, i) => (
        <Paper
          key={action.guideline}
          withBorder
          radius="md"
          p="sm"
          bg={action.chosen ? "gray.0" : undefined}
          role="group"
          aria-label={action.guideline}
        >
          <Checkbox
            size="md"
            label={action.guideline}
            checked={action.chosen}
            onChange={(e) => form.setFieldValue(`actions.${i}.chosen`, e.currentTarget.checked)}
            styles={{ label: { fontWeight: 500 } }}
            data-guideline={i}
          />
          {action.chosen && (
            <Stack gap="xs" mt="sm">
              <Select
                label={t("actions.responsible")}
                data={staffData}
                searchable
                withAsterisk
                nothingFoundMessage={t("actions.noStaff")}
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(`actions.${i}.responsible_id`)}
              />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
                <TextInput
                  type="date"
                  label={t("actions.startsOn")}
                  withAsterisk
                  {...form.getInputProps(`actions.${i}.starts_on`)}
                />
                <Select
                  label={t("actions.repeat")}
                  data={REPEATS.map((r) => ({ value: r, label: t(`incidents:repeat.${r}`) }))}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps(`actions.${i}.repeat`)}
                  onChange={(v) => setRepeat(i, (v ?? "none") as Repeat)}
                />
                {action.repeat !== "none" && (
                  <TextInput
                    type="date"
                    label={t("actions.endsOn")}
                    withAsterisk
                    min={action.starts_on}
                    {...form.getInputProps(`actions.${i}.ends_on`)}
                  />
                )}
              </SimpleGrid>
            </Stack>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
