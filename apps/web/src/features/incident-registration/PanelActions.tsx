import { Button, Group } from "@mantine/core";
import { IconEye, IconPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/**
 * The two ways on after a registration, saved at once or queued on the device: open the incident (once it has an id,
 * for those who may open it) and register another.
 */
export function PanelActions({
  incidentId,
  onAnother,
  anotherLabel,
}: {
  /** Null while the incident is only on the device, or for whoever may not open its details. */
  incidentId: number | null;
  onAnother: () => void;
  anotherLabel: string;
}) {
  const { t } = useTranslation("registration");
  return (
    <Group justify="center" gap="sm" mt="xs" w="100%">
      {incidentId !== null && (
        <Button
          component={Link}
          to={`/incident-details?id=${incidentId}`}
          variant="default"
          size="md"
          leftSection={<IconEye size={18} aria-hidden />}
          style={{ flex: "1 1 200px" }}
        >
          {t("saved.open")}
        </Button>
      )}
      <Button
        size="md"
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={onAnother}
        style={{ flex: "1 1 200px" }}
      >
        {anotherLabel}
      </Button>
    </Group>
  );
}
