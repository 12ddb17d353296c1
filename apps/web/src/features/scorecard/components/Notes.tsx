import type { Scorecard } from "@convive/domain";
import { Badge, Box, Card, Group, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The teachers' comments per period (staff see theirs marked "Staff only"; a family receives only theirs). */
export function Comments({ card, staff }: { card: Scorecard; staff: boolean }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  const withComment = card.periods.filter((p) => p.comment);
  if (card.periods.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="scorecard-comments">
      <Title id="scorecard-comments" order={3} size="h5" mb="sm">
        {t("comments")}
      </Title>
      {withComment.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("noComments")}
        </Text>
      ) : (
        <Stack component="dl" gap="sm" m={0}>
          {withComment.map((p) => (
            <div key={p.id}>
              <Group component="dt" gap="xs">
                <Text span fw={600} size="sm">
                  {en ? p.name_en : p.name_es}
                </Text>
                {staff && !p.comment!.visible_to_family && (
                  <Badge size="xs" variant="light" color="gray">
                    {t("staffOnly")}
                  </Badge>
                )}
              </Group>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: "pre-wrap" }}>
                {p.comment!.text}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** What each level's code means on every scale version the values were given on (RosarioSIS-style). */
export function ScaleLegend({ card }: { card: Scorecard }) {
  const { t, i18n } = useTranslation("scorecard");
  const en = i18n.resolvedLanguage === "en";
  if (card.scales.length === 0) return null;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="scorecard-legend">
      <Title id="scorecard-legend" order={3} size="h5" mb="sm">
        {t("legend")}
      </Title>
      <Stack gap="sm">
        {card.scales.map((scale) => (
          <Stack key={scale.version_id} gap={4}>
            <Text size="sm" fw={600}>
              {en ? scale.name_en : scale.name_es}
            </Text>
            {scale.definition.kind === "numeric" ? (
              <Text size="sm">
                {t("passingFrom", {
                  min: scale.definition.min,
                  max: scale.definition.max,
                  passing: scale.definition.passing,
                })}
              </Text>
            ) : (
              <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: "none" }}>
                {scale.definition.levels.map((level) => (
                  <Group component="li" key={level.code} gap={6} wrap="nowrap">
                    <Box aria-hidden w={12} h={12} style={{ borderRadius: 3, background: level.colour }} />
                    <Text size="sm">
                      <Text span fw={700} inherit>
                        {level.code}
                      </Text>
                      {` = ${en && level.name_en ? level.name_en : level.name_es}`}
                      {!level.passing && ` (${t("notPassing").toLowerCase()})`}
                    </Text>
                  </Group>
                ))}
              </Group>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
