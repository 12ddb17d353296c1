import { localName } from "@convive/domain/core";
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconCalendarPlus, IconDots, IconLock, IconPencil, IconStar, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDates } from "../../../lib/dates.ts";
import { childPath } from "../shared/access.ts";
import type { Period, SchoolYear } from "../shared/api.ts";
import { formatRange } from "../shared/format.ts";

export interface YearPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** May open cycle-details (closed years). */
  history: boolean;
}

interface Props {
  year: SchoolYear;
  can: YearPermissions;
  onEdit: () => void;
  onMakeCurrent: () => void;
  onClose: () => void;
  onDelete: () => void;
  onAddPeriod: () => void;
  onEditPeriod: (period: Period) => void;
  onDeletePeriod: (period: Period) => void;
}

/** One school year with its periods and what may be done with it (a closed year is read-only). */
export function YearCard({ year, can, ...on }: Props) {
  const { t, i18n } = useTranslation("masterConfiguration");
  const lang = i18n.resolvedLanguage ?? "es";
  const { date } = useDates();
  const closed = year.closed_at !== null;
  const periods = [...year.periods].sort((a, b) => a.order - b.order || a.starts_on.localeCompare(b.starts_on));
  const hasMenu = !closed && ((can.update && !year.is_current) || can.delete);

  return (
    <Paper
      component="article"
      withBorder
      radius="lg"
      p={{ base: "md", sm: "lg" }}
      aria-label={year.name}
      style={year.is_current ? { borderColor: "var(--convive-button)", borderWidth: 2 } : undefined}
      bg={closed ? "var(--mantine-color-gray-0)" : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {year.name}
              </Title>
              {year.is_current && (
                <Badge color="institutional" variant="filled" leftSection={<IconStar size={12} aria-hidden />}>
                  {t("years.current")}
                </Badge>
              )}
              {closed && (
                <Badge color="gray" variant="light" c="gray.8" leftSection={<IconLock size={12} aria-hidden />}>
                  {t("years.closed")}
                </Badge>
              )}
            </Group>
            <Text size="sm">{formatRange(year.starts_on, year.ends_on, lang)}</Text>
            <Text size="xs" c="dimmed">
              {t("years.counts", { periods: year.periods.length, groups: year.groups_count })}
              {closed && ` · ${t("years.closedOn", { date: date(year.closed_at!) })}`}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            {!closed && can.update && (
              <>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconPencil size={14} aria-hidden />}
                  onClick={on.onEdit}
                  visibleFrom="xs"
                >
                  {t("actions.edit")}
                </Button>
                <Tooltip label={t("actions.edit")}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    hiddenFrom="xs"
                    onClick={on.onEdit}
                    aria-label={t("years.editLabel", { name: year.name })}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
            {hasMenu && (
              <Menu position="bottom-end" shadow="md" width={240}>
                <Menu.Target>
                  <ActionIcon variant="default" size="lg" aria-label={t("years.moreLabel", { name: year.name })}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {can.update && !year.is_current && (
                    <Menu.Item leftSection={<IconStar size={16} aria-hidden />} onClick={on.onMakeCurrent}>
                      {t("years.makeCurrentAction")}
                    </Menu.Item>
                  )}
                  {can.update && !year.is_current && (
                    <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={on.onClose}>
                      {t("years.closeAction")}
                    </Menu.Item>
                  )}
                  {can.delete && (
                    <>
                      <Menu.Divider />
                      <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={on.onDelete}>
                        {t("actions.delete")}
                      </Menu.Item>
                    </>
                  )}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </Group>

        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text fw={600} size="sm" component="h3" m={0}>
              {t("periods.title")}
            </Text>
            {!closed && can.create && (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconCalendarPlus size={14} aria-hidden />}
                onClick={on.onAddPeriod}
              >
                {t("periods.add")}
              </Button>
            )}
          </Group>
          {periods.length === 0 ? (
            <Text size="sm" c="dimmed">
              {closed ? t("periods.noneClosed") : t("periods.none")}
            </Text>
          ) : (
            <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: "none" }}>
              {periods.map((p, i) => (
                <Group
                  component="li"
                  key={p.id}
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py={8}
                  style={i > 0 ? { borderTop: "1px solid var(--mantine-color-gray-2)" } : undefined}
                >
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <Badge variant="light" color="gray" c="gray.8" circle size="lg" aria-hidden>
                      {i + 1}
                    </Badge>
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate>
                        {localName(p, lang)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatRange(p.starts_on, p.ends_on, lang)}
                      </Text>
                    </div>
                  </Group>
                  {!closed && (can.update || can.delete) && (
                    <Group gap={4} wrap="nowrap">
                      {can.update && (
                        <ActionIcon
                          variant="subtle"
                          color="gray.8"
                          size="lg"
                          onClick={() => on.onEditPeriod(p)}
                          aria-label={t("periods.editLabel", { name: localName(p, lang) })}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      )}
                      {can.delete && (
                        <ActionIcon
                          variant="subtle"
                          color="red.9"
                          size="lg"
                          onClick={() => on.onDeletePeriod(p)}
                          aria-label={t("periods.deleteLabel", { name: localName(p, lang) })}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      )}
                    </Group>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        {closed && (
          <Text size="sm" c="dimmed">
            {t("years.readOnly")}{" "}
            {can.history && (
              <Anchor component={Link} to={childPath("cycle-details")} size="sm" underline="always">
                {t("years.seeHistory")}
              </Anchor>
            )}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
