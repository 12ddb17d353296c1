import { CloseButton, Group, Pill } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type ArchiveState, type FilterPatch, LINK_FILTERS, type LinkFilter } from "./url.ts";

/**
 * The filters a link from the strategic vision may set that the filters panel has no field for (weekday, hour,
 * place, a status left out): shown above the results, each removable, so the list never narrows unseen.
 */
export function LinkFilters({ state, onChange }: { state: ArchiveState; onChange: (patch: FilterPatch) => void }) {
  const { t } = useTranslation("archive");
  const { t: words } = useTranslation("incidents");
  const shown = LINK_FILTERS.filter((key) => state[key] !== undefined);
  if (shown.length === 0) return null;
  const text = (key: LinkFilter) => {
    if (key === "weekday") return t("linkFilters.weekday", { day: t(`linkFilters.weekdays.${state.weekday}`) });
    if (key === "hour") return t("linkFilters.hour", { hour: `${String(state.hour).padStart(2, "0")}:00` });
    if (key === "place") return t("linkFilters.place", { place: state.place });
    return t("linkFilters.notStatus", { status: words(`status.${state.not_status}`).toLowerCase() });
  };
  return (
    <Group gap="xs" aria-label={t("linkFilters.label")} role="group">
      {shown.map((key) => (
        <Pill key={key} size="md" withRemoveButton={false}>
          <Group gap={4} wrap="nowrap">
            {text(key)}
            <CloseButton
              size="xs"
              aria-label={t("filters.clear", { field: text(key) })}
              onClick={() => onChange({ [key]: undefined })}
            />
          </Group>
        </Pill>
      ))}
    </Group>
  );
}
