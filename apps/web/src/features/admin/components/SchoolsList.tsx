import type { AdminSchool } from "@convive/domain";
import { Button, Card, Group, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconPencil, IconPlayerPlay, IconPlayerStop } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { platformHost } from "../host.ts";
import { StatusBadge } from "./StatusBadge.tsx";

interface Props {
  schools: AdminSchool[];
  onEdit: (school: AdminSchool) => void;
  onToggle: (school: AdminSchool) => void;
}

const shortDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: "medium" }).format(new Date(iso));

/** A table from 768 px up; cards on a phone, where five columns would not fit. */
export function SchoolsList({ schools, onEdit, onToggle }: Props) {
  const { t, i18n } = useTranslation("admin");
  const lang = i18n.resolvedLanguage ?? "es";
  const host = platformHost();

  const actions = (s: AdminSchool, full: boolean) => (
    <Group gap="xs" justify={full ? "stretch" : "flex-end"} wrap="nowrap" grow={full}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onEdit(s)}
        aria-label={t("schools.editLabel", { name: s.name })}
      >
        {t("edit")}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={s.is_active ? "red" : "teal"}
        c={s.is_active ? "red.9" : "#056b4d"}
        leftSection={s.is_active ? <IconPlayerStop size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />}
        onClick={() => onToggle(s)}
        aria-label={t(s.is_active ? "schools.deactivateLabel" : "schools.activateLabel", { name: s.name })}
      >
        {s.is_active ? t("deactivate") : t("activate")}
      </Button>
    </Group>
  );

  const members = (s: AdminSchool) =>
    t("schools.membersCount", { active: s.active_member_count, total: s.member_count });

  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover bg="var(--mantine-color-body)" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("schools.school")}</Table.Th>
              <Table.Th>{t("schools.members")}</Table.Th>
              <Table.Th>{t("schools.status")}</Table.Th>
              <Table.Th>{t("schools.created")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("actionsColumn")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schools.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {s.id}.{host}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{members(s)}</Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={s.is_active} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{shortDate(s.created_at, lang)}</Text>
                </Table.Td>
                <Table.Td>{actions(s, false)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {schools.map((s) => (
          <Card key={s.id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{s.name}</Text>
                <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
                  {s.id}.{host}
                </Text>
              </div>
              <StatusBadge active={s.is_active} />
            </Group>
            <Text size="sm" mt="xs">
              {t("schools.members")}: {members(s)}
            </Text>
            <Text size="xs" c="dimmed">
              {t("schools.createdOn", { date: shortDate(s.created_at, lang) })}
            </Text>
            <Card.Section withBorder inheritPadding py="xs" mt="sm">
              {actions(s, true)}
            </Card.Section>
          </Card>
        ))}
      </Stack>
    </>
  );
}
