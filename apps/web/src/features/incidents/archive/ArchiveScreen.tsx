import { ROLE_FAMILIAR } from "@convive/domain/core";
import { Badge, Tabs } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArchive, IconChecklist, IconEyeExclamation } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PHONE_QUERY } from "../../../lib/use-is-phone.ts";
import { useCurrentUser } from "../../auth/index.ts";
import { useFormativeActions } from "../api/archive.ts";
import { ArchiveView } from "./ArchiveView.tsx";
import { FormativeActionsView } from "./FormativeActionsView.tsx";
import { UnacknowledgedView } from "./UnacknowledgedView.tsx";
import { type ArchiveTab, parseTab, tabSearch } from "./url.ts";
import { useSearchUpdate } from "./use-search-update.ts";

/** Below this the table would need side-scrolling: cards instead. */
const WIDE = "(min-width: 62em)";
/** Below 1100 px (tablets, narrow windows) the filters wait behind a button, so the results start at the top. */
const FILTERS_COLLAPSED = "(max-width: 1099px)";

/**
 * /archive and /incident-details without an id: the archive and, for staff, the tabs beside it — the formative
 * actions to follow up (formative-actions.read) and the families that have not acknowledged (issue 30 §1). A family
 * gets the archive alone.
 */
export function ArchiveScreen() {
  const { t } = useTranslation("archive");
  const [params] = useSearchParams();
  const update = useSearchUpdate();
  const user = useCurrentUser().data;
  const grants = useMemo(() => new Set(user?.permissions ?? []), [user]);
  const familiar = user?.roles?.[0]?.name === ROLE_FAMILIAR;
  const followUp = !familiar && grants.has("formative-actions.read");
  const mayViewAll = grants.has("incidents.update");
  // Read at once rather than in an effect: the archive's first paint already picks cards or the table.
  const phone = useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }) ?? false;
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false }) ?? false;
  const collapsed = useMediaQuery(FILTERS_COLLAPSED, undefined, { getInitialValueInEffect: false }) ?? false;
  // What is overdue in the view the tab opens on, counted on the tab itself.
  const overdue = useFormativeActions(mayViewAll ? "all" : "mine", "overdue", followUp).data?.length ?? 0;

  if (familiar) return <ArchiveView phone={phone} wide={wide} collapsed={collapsed} />;
  const asked = parseTab(params);
  const tab = asked === "actions" && !followUp ? "incidents" : asked;
  return (
    <Tabs
      value={tab}
      onChange={(value) => value && update((current) => tabSearch(current, value as ArchiveTab))}
      keepMounted={false}
    >
      {/* Three tabs on a phone: the row scrolls sideways rather than cut the last one off. */}
      <Tabs.List mb="sm" style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
        <Tabs.Tab
          value="incidents"
          leftSection={phone ? undefined : <IconArchive size={16} aria-hidden />}
          px={phone ? "xs" : undefined}
        >
          {t("tabs.incidents")}
        </Tabs.Tab>
        {followUp && (
          <Tabs.Tab
            value="actions"
            leftSection={phone ? undefined : <IconChecklist size={16} aria-hidden />}
            px={phone ? "xs" : undefined}
            rightSection={
              overdue > 0 ? (
                <Badge size="sm" color="red.8" variant="filled" aria-label={t("tabs.overdue", { count: overdue })}>
                  {overdue}
                </Badge>
              ) : undefined
            }
          >
            {t("tabs.actions")}
          </Tabs.Tab>
        )}
        <Tabs.Tab
          value="acknowledgements"
          leftSection={phone ? undefined : <IconEyeExclamation size={16} aria-hidden />}
          px={phone ? "xs" : undefined}
        >
          {t(phone ? "tabs.acknowledgementsShort" : "tabs.acknowledgements")}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="incidents">
        <ArchiveView phone={phone} wide={wide} collapsed={collapsed} />
      </Tabs.Panel>
      {followUp && (
        <Tabs.Panel value="actions">
          <FormativeActionsView phone={phone} wide={wide} mayViewAll={mayViewAll} />
        </Tabs.Panel>
      )}
      <Tabs.Panel value="acknowledgements">
        <UnacknowledgedView wide={wide} />
      </Tabs.Panel>
    </Tabs>
  );
}
