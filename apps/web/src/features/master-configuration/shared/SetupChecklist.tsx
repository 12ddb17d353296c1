import { SETUP_STAGES, type SetupStage } from "@convive/domain/core";
import { Anchor, Button, Group, Paper, RingProgress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconArrowRight, IconCheck, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { childOf, childPath, useAccess } from "./access.ts";
import classes from "./SetupChecklist.module.css";
import { nextStage, STAGE_SCREEN, useSetupReport } from "./setup.ts";

/**
 * The setup checklist (issue 12 §2): the seven stages of spec §3 in the order they build on each other, each with
 * what it unlocks, whether it is done, and a link to the screen that completes it; the next one stands out as a
 * button. A new school's Director lands here (landing view) until the seventh is done; then it folds into a
 * line saying the school is set up. Shown only to users who may read the report.
 */
export function SetupChecklist() {
  const { t } = useTranslation("masterConfiguration");
  const access = useAccess();
  const { report, allowed } = useSetupReport();

  if (!allowed || report.isError) return null;
  if (!report.data) return <Skeleton h={132} radius="lg" />;

  const { completed, total, stages_completed: done } = report.data;
  const count = t("setup.ring", { done: completed, total });
  const label = `${t("setup.title")}: ${count}`;
  const finished = completed >= total;
  const ring = (
    <RingProgress
      size={finished ? 72 : 96}
      thickness={finished ? 7 : 9}
      roundCaps
      sections={
        completed > 0 ? [{ value: (completed / total) * 100, color: finished ? "teal.7" : "institutional" }] : []
      }
      rootColor="var(--mantine-color-gray-2)"
      aria-hidden
      label={
        <Text ta="center" fw={700} size={finished ? "sm" : "md"} lh={1.1}>
          {count}
        </Text>
      }
    />
  );

  if (finished) {
    return (
      <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "lg" }} aria-label={label}>
        <Group gap="md" wrap="nowrap">
          {ring}
          <div>
            <Title order={2} size="h4">
              {t("setup.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("setup.complete")}
            </Text>
          </div>
        </Group>
      </Paper>
    );
  }

  const next = nextStage(report.data);
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: "md", sm: "lg" }} aria-label={label}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          {ring}
          <div style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4">
              {t("setup.title")}
            </Title>
            <Text size="sm" c="dimmed">
              {t("setup.summary", { count: total - completed })} {t("setup.intro")}
            </Text>
          </div>
        </Group>
        {next && access.canOpen(STAGE_SCREEN[next]) && (
          <Button
            component={Link}
            to={childPath(STAGE_SCREEN[next])}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            className={classes.next}
            // A long step name wraps on a phone instead of being cut.
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
          >
            {t("setup.next", { step: t(`setup.fix.${next}`) })}
          </Button>
        )}
        <ol className={classes.list}>
          {SETUP_STAGES.map((stage, i) => (
            <StageRow
              key={stage}
              stage={stage}
              number={i + 1}
              done={done[stage]}
              invited={stage === "users" && Boolean(report.data.users_invited)}
            />
          ))}
        </ol>
      </Stack>
    </Paper>
  );
}

/**
 * One stage: number or tick, name and status, what it unlocks, and where it is completed. An invitation on its way
 * is not a member yet (issue 26 §4): the staff stage then says so and stays pending.
 */
function StageRow({
  stage,
  number,
  done,
  invited = false,
}: {
  stage: SetupStage;
  number: number;
  done: boolean;
  invited?: boolean;
}) {
  const { t } = useTranslation("masterConfiguration");
  const access = useAccess();
  const child = STAGE_SCREEN[stage];
  const screen = access.children.find((r) => childOf(r) === child);
  return (
    <li className={classes.stage} data-done={done || undefined}>
      <span className={classes.marker} aria-hidden>
        {done ? <IconCheck size={16} stroke={3} /> : number}
      </span>
      <Stack gap={2} className={classes.body}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text fw={600} size="sm">
            {t(`setup.stages.${stage}`)}
          </Text>
          <Text span size="xs" fw={700} className={classes.status}>
            {done ? t("setup.status.done") : invited ? t("setup.status.invited") : t("setup.status.pending")}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`setup.unlocks.${stage}`)}
        </Text>
        {screen ? (
          <Anchor component={Link} to={childPath(child)} size="sm" fw={done ? 500 : 600} className={classes.link}>
            {done ? t("setup.review", { screen: t(`shell:${screen.titleKey}`) }) : t(`setup.fix.${stage}`)}
            <IconChevronRight size={14} aria-hidden />
          </Anchor>
        ) : (
          !done && (
            <Text size="xs" c="dimmed">
              {t("setup.askAdmin")}
            </Text>
          )
        )}
      </Stack>
    </li>
  );
}
