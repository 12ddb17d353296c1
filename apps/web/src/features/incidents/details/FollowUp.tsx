import { Badge, Box, Paper, Tabs } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconCalendarEvent, IconChecklist, IconHistory } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionsPanel } from "./ActionsPanel.tsx";
import { visibleActions } from "./actions.ts";
import { MeetingsPanel } from "./MeetingsPanel.tsx";
import { TimelinePanel } from "./TimelinePanel.tsx";
import type { DetailView } from "./view.ts";

type Tab = "actions" | "meetings" | "timeline";

function Count({ value, alert }: { value: number; alert?: boolean }) {
  return (
    <Badge
      size="sm"
      variant={alert ? "filled" : "light"}
      color={alert ? "red.8" : "gray"}
      c={alert ? undefined : "gray.8"}
      circle={value < 10}
    >
      {value}
    </Badge>
  );
}

/** A tab's label: the full one from 576 px, a short one on a phone so the three tabs fit one row. */
function Label({ full, short }: { full: string; short: string }) {
  return (
    <>
      <Box component="span" visibleFrom="xs">
        {full}
      </Box>
      <Box component="span" hiddenFrom="xs">
        {short}
      </Box>
    </>
  );
}

/**
 * The follow-up of the incident as tabs (on a phone too: three short lists read better one at a time than one long
 * page): formative actions, parent meetings and, for staff, the timeline.
 */
export function FollowUp({ view }: { view: DetailView }) {
  const { t } = useTranslation("incidentDetails");
  const [tab, setTab] = useState<Tab>("actions");
  // On a phone the tabs drop their icons so all three fit one row.
  const wide = useMediaQuery("(min-width: 36em)") ?? true;
  const icon = (Icon: typeof IconChecklist) => (wide ? <Icon size={16} aria-hidden /> : undefined);
  const { incident } = view;
  const actions = visibleActions(incident.formative_actions, incident.students, view.family);
  const overdue = actions.some((a) => a.state === "overdue");
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
      <Tabs
        value={tab}
        onChange={(v) => v && setTab(v as Tab)}
        keepMounted={false}
        styles={{
          list: { flexWrap: "nowrap", overflowX: "auto" },
          tab: { paddingInline: "var(--mantine-spacing-sm)", flexShrink: 0 },
        }}
      >
        <Tabs.List mb="md">
          <Tabs.Tab
            value="actions"
            leftSection={icon(IconChecklist)}
            rightSection={<Count value={actions.length} alert={overdue} />}
          >
            <Label full={t("tabs.actions")} short={t("tabs.actionsShort")} />
          </Tabs.Tab>
          <Tabs.Tab
            value="meetings"
            leftSection={icon(IconCalendarEvent)}
            rightSection={<Count value={incident.meetings.length} />}
          >
            {t("tabs.meetings")}
          </Tabs.Tab>
          {!view.family && (
            <Tabs.Tab
              value="timeline"
              leftSection={icon(IconHistory)}
              rightSection={<Count value={incident.timeline.length} />}
            >
              {t("tabs.timeline")}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="actions">
          <ActionsPanel view={view} />
        </Tabs.Panel>
        <Tabs.Panel value="meetings">
          <MeetingsPanel view={view} />
        </Tabs.Panel>
        {!view.family && (
          <Tabs.Panel value="timeline">
            <TimelinePanel view={view} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Paper>
  );
}
