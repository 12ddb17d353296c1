import { Button, Group, SimpleGrid, Text } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { useTranslation } from "react-i18next";
import type { SchoolInfoFormType } from "./school-info-values.ts";

/**
 * The school's quiet hours (issue 25 §2), on the school's clock: non-urgent e-mail to families written inside the
 * window is held until it ends. Both times or neither (the form's rule, quietHoursErrors); the window may cross
 * midnight (21:00 to 07:00).
 */
export function QuietHoursFields({ form, editable }: { form: SchoolInfoFormType; editable: boolean }) {
  const { t } = useTranslation("masterConfiguration");
  const { quiet_hours_start: start, quiet_hours_end: end } = form.getValues();
  const clear = () => {
    form.setFieldValue("quiet_hours_start", "");
    form.setFieldValue("quiet_hours_end", "");
  };
  return (
    <fieldset aria-describedby="quiet-hours-help" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        {t("general.quietHoursTitle")}
      </Text>
      <Text id="quiet-hours-help" size="xs" c="dimmed" mb="xs">
        {t("general.quietHoursHelp")}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
        <TimeInput label={t("general.quietHoursStart")} {...form.getInputProps("quiet_hours_start")} />
        <TimeInput label={t("general.quietHoursEnd")} {...form.getInputProps("quiet_hours_end")} />
      </SimpleGrid>
      {editable && (start !== "" || end !== "") && (
        <Group justify="flex-end" mt={4}>
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            {t("general.quietHoursClear")}
          </Button>
        </Group>
      )}
    </fieldset>
  );
}
