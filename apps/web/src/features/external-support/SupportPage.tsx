import { Stack, Tabs, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useCurrentUser } from "../auth/index.ts";
import { MonitoredPanel } from "../inclusion/index.ts";
import { ReferralsPanel } from "./ReferralsPanel.tsx";

/**
 * Where counsellors work on external support and inclusion (issue 28; route /support, module
 * module-incidents-details, any of external-support.read / inclusion.read): the school's referrals and the students
 * under monitoring, each tab for the readers of its area.
 */
export default function SupportPage() {
  const { t } = useTranslation(["externalSupport", "inclusion"]);
  const permissions = useCurrentUser().data?.permissions ?? [];
  const referrals = permissions.includes("external-support.read");
  const monitored = permissions.includes("inclusion.read");
  return (
    <Stack gap="md">
      <Text size="sm" c="gray.7">
        {t("externalSupport:page.intro")}
      </Text>
      <Tabs defaultValue={referrals ? "referrals" : "monitored"} keepMounted={false}>
        <Tabs.List>
          {referrals && <Tabs.Tab value="referrals">{t("externalSupport:page.referrals")}</Tabs.Tab>}
          {monitored && <Tabs.Tab value="monitored">{t("inclusion:page.monitored")}</Tabs.Tab>}
        </Tabs.List>
        {referrals && (
          <Tabs.Panel value="referrals" pt="md">
            <ReferralsPanel />
          </Tabs.Panel>
        )}
        {monitored && (
          <Tabs.Panel value="monitored" pt="md">
            <MonitoredPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}
