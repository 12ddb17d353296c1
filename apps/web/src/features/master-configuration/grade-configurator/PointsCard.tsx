import { Anchor, Group, Text } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { childPath, useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";

/** Points come from the observation and incident types (their configurators); a note with the way there. */
export function PointsCard() {
  const { t } = useTranslation("gradeConfig");
  const access = useAccess();
  const links = [
    ["observations-configurator", "points.observations"],
    ["incidents-configurator", "points.incidents"],
  ] as const;
  return (
    <Card title={t("points.title")}>
      <Text size="sm" c="gray.7">
        {t("points.description")}
      </Text>
      <Group gap="lg">
        {links
          .filter(([child]) => access.canOpen(child))
          .map(([child, key]) => (
            <Anchor key={child} component={Link} to={childPath(child)} size="sm" fw={600}>
              <Group gap={4} wrap="nowrap" component="span">
                {t(key)}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          ))}
      </Group>
    </Card>
  );
}
