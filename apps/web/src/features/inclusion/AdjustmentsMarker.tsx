import { ActionIcon, Badge, Modal, Stack, Text, Tooltip } from "@mantine/core";
import { IconAccessible } from "@tabler/icons-react";
import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "../../components/QueryState.tsx";
import { useDates } from "../../lib/dates.ts";
import { useAdjustments } from "./api.ts";

/**
 * The discreet marker beside a student's name where teachers work (registration, ratings grid, an incident's
 * students; issue 28 §3): one click shows the student's reasonable adjustments — never the condition behind them.
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
  const label = t("marker.label", { name });
  return (
    <>
      <Tooltip label={t("marker.tooltip")} withArrow>
        <ActionIcon
          variant="subtle"
          color="indigo"
          size="sm"
          aria-label={label}
          data-testid="adjustments-marker"
          tabIndex={tabIndex}
          onClick={(event: MouseEvent) => {
            // Inside a clickable row (a student picker, a grid row): the marker opens its own dialog only.
            event.stopPropagation();
            event.preventDefault();
            setOpen(true);
          }}
        >
          <IconAccessible size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {open && <AdjustmentsModal studentId={studentId} name={name} onClose={() => setOpen(false)} />}
    </>
  );
}

function AdjustmentsModal({ studentId, name, onClose }: { studentId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation("inclusion");
  const dates = useDates();
  const query = useAdjustments(studentId);
  return (
    <Modal opened onClose={onClose} title={t("marker.title", { name })} closeButtonProps={{ "aria-label": t("close") }}>
      {!query.data ? (
        <QueryState query={query} />
      ) : (
        <Stack gap="sm" data-testid="adjustments-list">
          <Text size="sm" c="gray.7">
            {t("marker.intro")}
          </Text>
          {query.data.adjustments.length === 0 && <Text size="sm">{t("marker.none")}</Text>}
          {query.data.adjustments.map((a) => (
            <Stack key={`${a.kind}-${a.description}`} gap={2}>
              <Badge variant="light" color="indigo" c="gray.9" w="fit-content">
                {t(`kind.${a.kind}`)}
              </Badge>
              <Text size="sm">{a.description}</Text>
              <Text size="xs" c="gray.7">
                {t("marker.who", { who: a.applied_by, since: dates.day(a.since) })}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
