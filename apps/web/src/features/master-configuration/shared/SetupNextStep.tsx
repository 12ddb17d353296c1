import { normalisePath } from "@convive/domain/core";
import { Anchor, Button, Group, Paper, Text } from "@mantine/core";
import { IconArrowRight, IconListCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { childPath, useAccess } from "./access.ts";
import classes from "./SetupChecklist.module.css";
import { nextStage, STAGE_SCREEN, useSetupReport } from "./setup.ts";

const CHECKLIST = "general-information";

/**
 * While the school is being set up, every other master-configuration screen says how far it has come, what comes
 * next (a button to it, or that it is done on this very screen) and leads back to the checklist: the Director goes
 * from 0 to 7 of 7 by following it (issue 12 §2). Gone once the seven stages are complete.
 */
export function SetupNextStep() {
  const { t } = useTranslation("masterConfiguration");
  const { pathname } = useLocation();
  const access = useAccess();
  const { report } = useSetupReport();
  const here = normalisePath(pathname).replace(/^master-configuration\//, "");

  const data = report.data;
  if (!data || here === CHECKLIST || data.completed >= data.total) return null;
  const next = nextStage(data);
  if (!next) return null;
  const screen = STAGE_SCREEN[next];
  const count = t("setup.ring", { done: data.completed, total: data.total });

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p="sm"
      bg="var(--mantine-color-gray-0)"
      aria-label={t("setup.strip.label")}
    >
      <Group gap="sm" justify="space-between" wrap="wrap">
        <div style={{ minWidth: 0, flex: "1 1 260px" }}>
          <Text size="sm" fw={600}>
            {t("setup.strip.progress", { count })}
          </Text>
          <Text size="sm" c="dimmed">
            {screen === here
              ? t("setup.strip.here", { step: t(`setup.fix.${next}`) })
              : t("setup.next", { step: t(`setup.fix.${next}`) })}
          </Text>
        </div>
        <Group gap="sm" wrap="wrap">
          {access.canOpen(CHECKLIST) && (
            <Anchor component={Link} to={childPath(CHECKLIST)} size="sm" className={classes.link}>
              <IconListCheck size={16} aria-hidden />
              {t("setup.strip.list")}
            </Anchor>
          )}
          {screen !== here && access.canOpen(screen) && (
            <Button
              component={Link}
              to={childPath(screen)}
              size="xs"
              rightSection={<IconArrowRight size={16} aria-hidden />}
            >
              {t(`setup.fix.${next}`)}
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}
