import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useHealthAlert } from "../api/nursing.ts";
import { AlertItems } from "./HealthAlertMarker.tsx";

/**
 * The student file's header mark (issue 29 §4): staff who open the file see the critical allergies and conditions
 * at once — the teacher nothing more; a family reads its child's Nursing tab instead. Nothing when none.
 */
export function FileHealthAlert({ studentId, family }: { studentId: number; name: string; family: boolean }) {
  const { t } = useTranslation("nursing");
  const query = useHealthAlert(studentId, !family);
  const items = query.data?.items ?? [];
  if (family || items.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} aria-hidden />}
      title={t("alert.header")}
      data-testid="file-health-alert"
      styles={{ title: { color: "var(--mantine-color-red-9)" } }}
    >
      <AlertItems items={items} />
    </Alert>
  );
}
