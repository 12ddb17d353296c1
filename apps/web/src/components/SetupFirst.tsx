import { Button, Text } from "@mantine/core";
import { IconArrowRight, IconSettings } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "./EmptyState.tsx";

/** The screens that wait on the school's set-up, each with its own line (locales/<lng>/setupFirst.json). */
export type SetupFirstScreen = "strategicVision" | "ratings" | "registration" | "archive" | "scorecard" | "points";

/** Where set-up starts: the school year and its periods, the first stage of the checklist (spec §3). */
export const SETUP_FIRST_PATH = "/master-configuration/scholar-cicle";

/**
 * The empty state of every screen of a new school that has nothing to show yet (issue 26 §4): a title, one line
 * saying what the screen needs, and a button to the configuration screen that comes first — for those who may
 * configure the school; the others read who does it. Never an error: an empty school is not a failure.
 */
export function SetupFirst({
  screen,
  canConfigure,
  to = SETUP_FIRST_PATH,
  order,
}: {
  screen: SetupFirstScreen;
  canConfigure: boolean;
  /** The configuration screen that comes first for this screen (default: the school year). */
  to?: string;
  order?: 2 | 3;
}) {
  const { t } = useTranslation("setupFirst");
  return (
    <EmptyState
      icon={<IconSettings size={28} />}
      title={t("title")}
      description={t(`screens.${screen}`)}
      order={order}
      action={
        canConfigure ? (
          <Button component={Link} to={to} rightSection={<IconArrowRight size={18} aria-hidden />}>
            {t("action")}
          </Button>
        ) : (
          <Text size="sm" c="gray.7" ta="center">
            {t("askDirection")}
          </Text>
        )
      }
    />
  );
}
