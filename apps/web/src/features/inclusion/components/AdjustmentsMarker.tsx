import { ActionIcon, Tooltip } from "@mantine/core";
import { IconAccessible } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdjustmentsModal } from "./AdjustmentsModal.tsx";

/**
 * The discreet marker beside a student's name where teachers work (registration, the ratings grid, an incident's
 * students; issue 28 §3), shown where the server said `has_adjustments`: one click shows the student's reasonable
 * adjustments — never the condition, its description or documents.
 */
export function AdjustmentsMarker({
  studentId,
  name,
  tabIndex,
}: {
  studentId: number;
  name: string;
  tabIndex?: number;
}) {
  const { t } = useTranslation("inclusion");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t("marker.tooltip")} withArrow openDelay={300}>
        <ActionIcon
          variant="subtle"
          color="indigo.8"
          size={28}
          aria-label={t("marker.label", { name })}
          aria-haspopup="dialog"
          data-testid="adjustments-marker"
          tabIndex={tabIndex}
          onClick={(event: MouseEvent) => {
            // Inside a clickable row (a student picker, a grid row): the marker opens its own dialog only.
            event.stopPropagation();
            event.preventDefault();
            setOpen(true);
          }}
        >
          <IconAccessible size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <AdjustmentsModal studentId={studentId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}
