import { MESSAGE_STARTERS } from "@convive/domain";
import { Radio, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SchoolInfoFormType } from "./school-info-values.ts";

/**
 * Who may write the FIRST message of a student's conversation to the family (issue 27 §3, `message_starters`):
 * the student's team (head teacher and the school-wide staff) or every staff member who can see the student.
 * Anyone of the team answers once it exists; families always write in their children's.
 */
export function MessageStartersField({ form }: { form: SchoolInfoFormType }) {
  const { t } = useTranslation("masterConfiguration");
  return (
    <Radio.Group
      label={t("general.messageStartersTitle")}
      description={t("general.messageStartersHelp")}
      {...form.getInputProps("message_starters")}
    >
      <Stack gap="xs" mt="xs">
        {MESSAGE_STARTERS.map((value) => (
          <Radio key={value} value={value} label={t(`general.messageStarters.${value}`)} />
        ))}
      </Stack>
    </Radio.Group>
  );
}
