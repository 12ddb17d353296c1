import { SETUP_STAGES, type SetupStage } from "@convive/domain/core";
import {
  Anchor,
  Group,
  Paper,
  RingProgress,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconCheck, IconChevronRight, IconCircleDashed } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { api } from "../../../lib/api.ts";
import { childPath, useAccess } from "./access.ts";
import { useMcKey } from "./keys.ts";

interface SetupReport {
  stages_completed: Record<SetupStage, boolean>;
  completed: number;
  total: number;
  percentage: number;
  missing: SetupStage[];
}

/** The master-configuration screen that completes each stage (product design §3 "Setup completion"). */
export const STAGE_SCREEN: Record<SetupStage, string> = {
  schoolYear: "scholar-cicle",
  periods: "scholar-cicle",
  grades: "level-grade-group",
  groups: "level-grade-group",
  subjects: "subject",
  students: "students-profile",
  users: "school-users",
};

/** GET api/school_years/percentage-completed needs the master-configuration or the strategic-vision module. */
export const SETUP_GRANTS = ["module-master-configuration", "module-strategic-vision"] as const;

export function useSetupReport(enabled: boolean) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("setup"),
    queryFn: () => api<{ data: SetupReport }>("/api/school_years/percentage-completed").then((r) => r.data),
    enabled,
  });
}

/**
 * The seven setup stages (spec §3) as a ring "N of 7"; every missing stage links to the screen that completes
 * it when the user may open that screen. Shown only to users who may read the report.
 */
export function SetupProgress() {
  const { t } = useTranslation("masterConfiguration");
  const access = useAccess();
  const allowed = SETUP_GRANTS.some((g) => access.holds(g));
  const report = useSetupReport(allowed);

  if (!allowed || report.isError) return null;
  if (!report.data) return <Skeleton h={132} radius="lg" />;

  const { completed, total, stages_completed: done } = report.data;
  const finished = completed >= total;
  const ring = (
    <RingProgress
      size={finished ? 72 : 104}
      thickness={finished ? 7 : 10}
      roundCaps
      sections={
        completed > 0 ? [{ value: (completed / total) * 100, color: finished ? "teal.7" : "institutional" }] : []
      }
      rootColor="var(--mantine-color-gray-2)"
      aria-hidden
      label={
        <Text ta="center" fw={700} size={finished ? "sm" : "md"} lh={1.1}>
          {t("setup.ring", { done: completed, total })}
        </Text>
      }
    />
  );
  const heading = (
    <div>
      <Title order={2} size="h4">
        {t("setup.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {finished ? t("setup.complete") : t("setup.summary", { count: total - completed })}
      </Text>
    </div>
  );

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      aria-label={`${t("setup.title")}: ${t("setup.ring", { done: completed, total })}`}
    >
      {finished ? (
        <Group gap="md" wrap="nowrap">
          {ring}
          {heading}
        </Group>
      ) : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Stack visibleFrom="xs" gap={0}>
            {ring}
          </Stack>
          <Stack gap="sm" miw={0} style={{ flex: 1 }}>
            <Group gap="md" wrap="nowrap">
              <Stack hiddenFrom="xs" gap={0}>
                {ring}
              </Stack>
              {heading}
            </Group>
            <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
              {SETUP_STAGES.map((stage) => (
                <Stage key={stage} stage={stage} done={done[stage]} canFix={access.canOpen(STAGE_SCREEN[stage])} />
              ))}
            </Stack>
          </Stack>
        </Group>
      )}
    </Paper>
  );
}

function Stage({ stage, done, canFix }: { stage: SetupStage; done: boolean; canFix: boolean }) {
  const { t } = useTranslation("masterConfiguration");
  const label = t(`setup.stages.${stage}`);
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="center">
      <ThemeIcon size={22} radius="xl" variant={done ? "filled" : "light"} color={done ? "teal.7" : "gray"} aria-hidden>
        {done ? <IconCheck size={14} stroke={3} /> : <IconCircleDashed size={14} />}
      </ThemeIcon>
      {done ? (
        <Text size="sm" c="dimmed">
          {label}
          <VisuallyHidden>{` (${t("setup.done")})`}</VisuallyHidden>
        </Text>
      ) : canFix ? (
        <Anchor component={Link} to={childPath(STAGE_SCREEN[stage])} size="sm" fw={600}>
          <Group gap={2} wrap="nowrap" component="span">
            {t(`setup.fix.${stage}`)}
            <IconChevronRight size={14} aria-hidden />
          </Group>
        </Anchor>
      ) : (
        <Text size="sm" fw={500}>
          {label}
          <Text span size="xs" c="dimmed">{` · ${t("setup.askAdmin")}`}</Text>
        </Text>
      )}
    </Group>
  );
}
