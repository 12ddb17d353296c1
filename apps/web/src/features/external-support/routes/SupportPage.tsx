import { Group, Stack, Tabs, Text } from "@mantine/core";
import { IconHeartHandshake, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useCurrentUser } from "../../auth/index.ts";
import { ConditionTypesButton, MonitoredStudentsPanel } from "../../inclusion/index.ts";
import { ReferralsPanel } from "../components/ReferralsPanel.tsx";

/** `?view=monitored` opens the second tab (a shared link, Back). */
const VIEW_PARAM = "view";
const MONITORED = "monitored";

/**
 * /support ("Apoyo e inclusión", issue 28): where counsellors follow the school's confidential records — the
 * referrals to external support and the students under inclusion monitoring, each tab for the readers of its area
 * (external-support.read, inclusion.read; Orientador and Director by default). Every read is logged by the server.
 */
export default function SupportPage() {
  const { t } = useTranslation("externalSupport");
  const permissions = useCurrentUser().data?.permissions ?? [];
  const referrals = permissions.includes("external-support.read");
  const monitored = permissions.includes("inclusion.read");
  const [params, setParams] = useSearchParams();
  const asked = params.get(VIEW_PARAM) === MONITORED ? MONITORED : "referrals";
  const view = !referrals ? MONITORED : !monitored ? "referrals" : asked;
  // Another tab starts its own list: the filters and page of one mean nothing to the other.
  const choose = (value: string | null) => setParams(value === MONITORED ? { [VIEW_PARAM]: MONITORED } : {});

  if (!referrals && !monitored) {
    return <EmptyState icon={<IconHeartHandshake size={28} />} title={t("page.noAccess")} />;
  }
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        <IconLock size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
        {t("page.intro")}
      </Text>
      <Tabs value={view} onChange={choose} keepMounted={false}>
        <Tabs.List>
          {referrals && <Tabs.Tab value="referrals">{t("page.referrals")}</Tabs.Tab>}
          {monitored && <Tabs.Tab value={MONITORED}>{t("page.monitored")}</Tabs.Tab>}
        </Tabs.List>
        {referrals && (
          <Tabs.Panel value="referrals" pt="md">
            <ReferralsPanel />
          </Tabs.Panel>
        )}
        {monitored && (
          <Tabs.Panel value={MONITORED} pt="md">
            <Stack gap="md">
              {/* Its own management (inclusion.update holders), as the referrals' trainer types beside theirs. */}
              <Group justify="flex-end">
                <ConditionTypesButton />
              </Group>
              <MonitoredStudentsPanel />
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
