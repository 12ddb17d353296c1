import type { IncidentCategory, IncidentType } from "@convive/domain";
import { Accordion, ActionIcon, Badge, Button, Menu, Group as Row, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { ActiveSwitch, savedWithToasts, useLocalName } from "../shared/catalogue.tsx";
import { byLabel } from "../shared/format.ts";
import { TypeCard } from "./TypeCard.tsx";

/** What a writer may do with a category and its types; absent for read-only users. */
export interface CategoryActions {
  edit: () => void;
  remove: () => void;
  setActive: (active: boolean) => Promise<unknown>;
  moveUp?: () => void;
  moveDown?: () => void;
  addType: () => void;
  editType: (type: IncidentType) => void;
  removeType: (type: IncidentType) => void;
  setTypeActive: (type: IncidentType, active: boolean) => Promise<unknown>;
}

/** One category of the accordion: its names and counts as the header, its types as cards inside. */
export function CategoryItem({ category, on }: { category: IncidentCategory; on?: CategoryActions }) {
  const { t, i18n } = useTranslation("incidentsConfig");
  const localName = useLocalName();
  const name = localName(category);
  const other = i18n.resolvedLanguage === "en" && category.name_en ? category.name_es : category.name_en;
  const inactiveTypes = category.types.filter((ty) => !ty.is_active).length;
  const compare = byLabel(i18n.resolvedLanguage ?? "es");

  return (
    <Accordion.Item value={String(category.id)} bg="var(--mantine-color-body)">
      <Row wrap="nowrap" gap={0} pr={on ? "xs" : 0}>
        <Accordion.Control>
          <Row gap="xs" wrap="wrap" component="span">
            <Text component="span" fw={700} size="lg" c={category.is_active ? undefined : "dimmed"}>
              {name}
            </Text>
            {!category.is_active && (
              <Badge component="span" variant="light" color="gray" c="gray.8" radius="sm" tt="none">
                {t("status.inactiveCategory")}
              </Badge>
            )}
          </Row>
          <Text component="span" display="block" size="sm" c="gray.7">
            {other ? `${other} · ` : ""}
            {t("categories.types", { count: category.types.length })}
            {inactiveTypes > 0 ? ` (${t("categories.inactiveTypes", { count: inactiveTypes })})` : ""}
          </Text>
        </Accordion.Control>
        {on && (
          <Menu position="bottom-end" shadow="md" width={220}>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t("actions.more", { name })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={on.edit}>
                {t("actions.edit")}
              </Menu.Item>
              {on.moveUp && (
                <Menu.Item leftSection={<IconArrowUp size={16} aria-hidden />} onClick={on.moveUp}>
                  {t("actions.moveUp")}
                </Menu.Item>
              )}
              {on.moveDown && (
                <Menu.Item leftSection={<IconArrowDown size={16} aria-hidden />} onClick={on.moveDown}>
                  {t("actions.moveDown")}
                </Menu.Item>
              )}
              <Menu.Item
                leftSection={
                  category.is_active ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
                }
                onClick={() => void savedWithToasts(() => on.setActive(!category.is_active), t)}
              >
                {category.is_active ? t("actions.deactivate") : t("actions.activate")}
              </Menu.Item>
              {(category.is_active || category.types.length === 0) && (
                <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={on.remove}>
                  {t("actions.delete")}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
      </Row>
      <Accordion.Panel>
        <Stack gap="sm">
          {on && (
            <Row justify="space-between" gap="sm">
              <ActiveSwitch active={category.is_active} name={name} onChange={on.setActive} feminine />
              <Button
                variant="default"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={on.addType}
                aria-label={t("types.addLabel", { category: name })}
              >
                {t("types.add")}
              </Button>
            </Row>
          )}
          {!category.is_active && (
            <Text size="sm" c="gray.7" fs="italic">
              {t("categories.inactiveNote")}
            </Text>
          )}
          {category.types.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t("categories.noTypes")}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
              {[...category.types]
                .sort((a, b) => compare(localName(a), localName(b)))
                .map((type) => (
                  <TypeCard
                    key={type.id}
                    type={type}
                    onEdit={on && (() => on.editType(type))}
                    onDelete={
                      on && !(type.incidents_count > 0 && !type.is_active) ? () => on.removeType(type) : undefined
                    }
                    onToggle={on && ((active) => on.setTypeActive(type, active))}
                  />
                ))}
            </SimpleGrid>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
