import { ActionIcon, Modal, Stack, Text, ThemeIcon, Tooltip } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../../components/QueryState.tsx";
import { useIsPhone } from "../../../lib/use-is-phone.ts";
import { useHealthAlert } from "../api/nursing.ts";

/**
 * The health alert beside a student's name where teachers work (registration, the ratings grid, an incident's
 * students; issue 29 §4), shown where the server said `has_health_alert`: one click shows the critical allergies
 * and conditions and what to do — never the medical record.
 */
export function HealthAlertMarker({
  studentId,
  name,
  tabIndex,
}: {
  studentId: number;
  name: string;
  tabIndex?: number;
}) {
  const { t } = useTranslation("nursing");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t("alert.tooltip")} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="red.9"
          size={28}
          aria-label={t("alert.label", { name })}
          aria-haspopup="dialog"
          data-testid="health-alert-marker"
          tabIndex={tabIndex}
          onClick={(event: MouseEvent) => {
            // Inside a clickable row (a student picker, a grid row): the marker opens its own dialog only.
            event.stopPropagation();
            event.preventDefault();
            setOpen(true);
          }}
        >
          <IconAlertTriangle size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <HealthAlertModal studentId={studentId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function HealthAlertModal({ studentId, name, onClose }: { studentId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("nursing");
  const phone = useIsPhone();
  const query = useHealthAlert(studentId);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t("alert.title", { name })}
      radius="lg"
      fullScreen={phone}
      closeButtonProps={{ "aria-label": t("close") }}
      styles={{ title: { fontWeight: 700 } }}
      onClick={(event) => event.stopPropagation()}
    >
      {!query.data ? <QueryState query={query} height={120} /> : <AlertItems items={query.data.items} />}
    </Modal>
  );
}

/** The critical items, each with what to do. */
export function AlertItems({ items }: { items: { kind: "allergy" | "condition"; name: string; notes: string }[] }) {
  const { t } = useTranslation("nursing");
  if (items.length === 0) return <Text size="sm">{t("alert.none")}</Text>;
  return (
    <Stack gap="sm" data-testid="health-alert-items">
      {items.map((item) => (
        <Stack key={`${item.kind}-${item.name}`} gap={2}>
          <Text fw={700} c="red.9">
            <ThemeIcon component="span" size="sm" variant="transparent" color="red.9" mr={4}>
              <IconAlertTriangle size={16} aria-hidden />
            </ThemeIcon>
            {t(`alert.${item.kind}`, { name: item.name })}
          </Text>
          {item.notes && <Text size="sm">{item.notes}</Text>}
        </Stack>
      ))}
    </Stack>
  );
}
