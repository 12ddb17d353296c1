import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { StudentFileTabProps } from "../../student-file/index.ts";
import { NursingFile } from "../components/NursingFile.tsx";

/** The student file's "Nursing" tab (issue 29 §4): for the nurse (and Director) and the student's family. */
export function NursingTab({ studentId, family }: StudentFileTabProps) {
  const { t } = useTranslation("nursing");
  return (
    <>
      <Text size="sm" c="gray.7" mb="md">
        {t(family ? "tab.introFamily" : "tab.intro")}
      </Text>
      <NursingFile studentId={studentId} />
    </>
  );
}
