import type { MyChild } from "@convive/domain";
import { formatDateTime, formatDay } from "@convive/domain/core";
import { Anchor, Avatar, Card, Group, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useSchoolTimeZone } from "../../../lib/school-information.ts";
import { useMyChildren } from "../api/queries.ts";
import { groupLabel } from "../FileHeader.tsx";
import { useStudentFileHref } from "../link.ts";

/**
 * A family's landing page starts with their children (issue 12 §1): each child's photo, group and latest news,
 * and their file one tap away. Renders nothing for staff (who have no children here) or while loading.
 */
export function FamilyChildren({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation("studentFile");
  const children = useMyChildren(enabled);
  if (!enabled || !children.data || children.data.length === 0) return null;
  return (
    <section aria-labelledby="family-children-title">
      <Title id="family-children-title" order={2} size="h4" mb="sm">
        {t("children.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children.data.map((child) => (
          <ChildCard key={child.id} child={child} />
        ))}
      </SimpleGrid>
    </section>
  );
}

function ChildCard({ child }: { child: MyChild }) {
  const { t, i18n } = useTranslation("studentFile");
  const lang = i18n.resolvedLanguage ?? "es";
  const timeZone = useSchoolTimeZone();
  const href = useStudentFileHref();
  const when = (at: string) => (at.length === 10 ? formatDay(at, { lang }) : formatDateTime(at, { lang, timeZone }));
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <Avatar src={child.photo} size={56} radius="xl" color="institutional" alt="">
          {child.first_name[0]}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {child.name}
          </Text>
          <Text size="sm" c="gray.7">
            {groupLabel(child.group) ?? t("noGroup")}
          </Text>
        </Stack>
      </Group>
      {child.news.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t("children.noNews")}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
          {child.news.map((n) => {
            const title = lang === "en" ? n.title_en : n.title_es;
            return (
              <li key={`${n.kind}-${n.id}`}>
                <Text size="sm" lh={1.35}>
                  <Text span fw={600} inherit>
                    {t(`children.kind.${n.kind}`, { defaultValue: "" })}
                    {": "}
                  </Text>
                  {n.link ? (
                    <Anchor component={Link} to={n.link} inherit>
                      {title}
                    </Anchor>
                  ) : (
                    title
                  )}
                </Text>
                <Text size="xs" c="gray.7">
                  {when(n.at)}
                </Text>
              </li>
            );
          })}
        </Stack>
      )}
      <Anchor component={Link} to={href(child.id)} size="sm" fw={600} mt="sm" display="inline-block">
        {t("children.open")}
        <VisuallyHidden>{` — ${child.name}`}</VisuallyHidden>
      </Anchor>
    </Card>
  );
}
