import type { IncidentType } from "@convive/domain";
import { localGuidelines } from "@convive/domain/core";
import { ActionIcon, Badge, List, Paper, Group as Row, Stack, Text } from "@mantine/core";
import { IconBellOff, IconBellRinging, IconListCheck, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ActiveSwitch, BilingualName, useLocalName } from "../shared/catalogue.tsx";
import { ClassificationBadge } from "./ClassificationBadge.tsx";

interface Props {
  type: IncidentType;
  onEdit?: () => void;
  onDelete?: () => void;
  onToggle?: (active: boolean) => Promise<unknown>;
}

/** One incident type: its names, classification, points, family notice, guidelines and whether it is active. */
export function TypeCard({ type, onEdit, onDelete, onToggle }: Props) {
  const { t, i18n } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const name = localName(type);
  const guidelines = localGuidelines(type, i18n.resolvedLanguage ?? "es");
  const Bell = type.notify_family ? IconBellRinging : IconBellOff;
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      bg={type.is_active ? undefined : "var(--mantine-color-gray-0)"}
      aria-label={name}
    >
      {/* Full height so the switch row lines up at the bottom of side-by-side cards. */}
      <Stack gap="xs" h="100%">
        <Row justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <BilingualName row={type} dimmed={!type.is_active} />
          {(onEdit || onDelete) && (
            <Row gap={0} wrap="nowrap" mr={-6} mt={-4}>
              {onEdit && (
                <ActionIcon
                  variant="subtle"
                  color="gray.8"
                  size="lg"
                  onClick={onEdit}
                  aria-label={t("actions.editLabel", { name })}
                >
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              )}
              {onDelete && (
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  size="lg"
                  onClick={onDelete}
                  aria-label={t("actions.deleteLabel", { name })}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Row>
          )}
        </Row>
        <Row gap={6}>
          <ClassificationBadge value={type.classification} />
          <Badge variant="outline" color="gray.5" c="gray.8" radius="sm" tt="none">
            {type.default_points > 0 ? t("types.pointsShort", { count: type.default_points }) : t("types.noPoints")}
          </Badge>
        </Row>
        <Row gap={6} wrap="nowrap">
          <Bell size={16} aria-hidden style={{ flex: "none", color: "var(--mantine-color-gray-7)" }} />
          <Text size="sm" c="gray.8">
            {type.notify_family ? t("types.familyTold") : t("types.familyNotTold")}
          </Text>
        </Row>
        {/* Issue 30 §2: registering an incident of this type starts a protocol. */}
        {type.protocol_id !== null && (
          <Row gap={6} wrap="nowrap">
            <IconListCheck size={16} aria-hidden style={{ flex: "none", color: "var(--mantine-color-gray-7)" }} />
            <Text size="sm" c="gray.8">
              {t("protocols.follows")}
            </Text>
          </Row>
        )}
        <div>
          <Text size="xs" fw={700} c="gray.7" tt="uppercase" lts={0.3}>
            {t("types.guidelinesTitle")}
          </Text>
          {guidelines.length > 0 ? (
            <List type="ordered" size="sm" spacing={2} mt={2} withPadding>
              {guidelines.map((g, i) => (
                // Guidelines may repeat text; their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: a guideline's place is its identity
                <List.Item key={i}>{g}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed" fs="italic">
              {t("types.guidelinesNone")}
            </Text>
          )}
        </div>
        <Row
          justify="space-between"
          gap="xs"
          pt={6}
          mt="auto"
          style={{ borderTop: "1px solid var(--mantine-color-gray-2)" }}
        >
          <ActiveSwitch active={type.is_active} name={name} onChange={onToggle} />
          <Text size="xs" c="gray.7">
            {type.incidents_count > 0 ? t("types.used", { count: type.incidents_count }) : t("types.unused")}
          </Text>
        </Row>
      </Stack>
    </Paper>
  );
}
