import type { AdminUser } from "@convive/domain";
import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import { IconDots, IconPencil, IconPlayerPlay, IconPlayerStop, IconSchool } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "./StatusBadge.tsx";

interface Props {
  users: AdminUser[];
  /** The signed-in administrator, who cannot deactivate themself. */
  selfId: number | null;
  onEdit: (user: AdminUser) => void;
  onAddToSchool: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}

const fullName = (u: AdminUser) => [u.first_name, u.paternal_surname, u.maternal_surname].filter(Boolean).join(" ");

/** Users as a table from 768 px up and as cards on a phone. */
export function UsersList({ users, selfId, onEdit, onAddToSchool, onToggle }: Props) {
  const { t } = useTranslation("admin");

  const badges = (u: AdminUser) => (
    <Group gap={4}>
      <StatusBadge active={u.is_active} of="user" />
      {u.root === 1 && (
        <Badge size="sm" variant="light" color="violet" c="violet.9">
          {t("users.rootBadge")}
        </Badge>
      )}
      {u.password_updated === 0 && (
        <Badge size="sm" variant="light" color="yellow" c="#7a4f00">
          {t("users.pendingPassword")}
        </Badge>
      )}
    </Group>
  );

  const schools = (u: AdminUser) =>
    u.memberships.length === 0 ? (
      <Text size="sm" c="dimmed">
        {u.root === 1 ? t("users.platform") : t("users.noSchools")}
      </Text>
    ) : (
      <Stack gap={2}>
        {u.memberships.map((m) => (
          <Text
            key={m.school_id}
            size="sm"
            c={m.is_active ? undefined : "dimmed"}
            td={m.is_active ? undefined : "line-through"}
          >
            {m.school_name}
            <Text span size="sm" c="dimmed">
              {" · "}
              {m.profile_name ?? t("users.noProfile")}
            </Text>
          </Text>
        ))}
      </Stack>
    );

  const toggleLabel = (u: AdminUser) =>
    t(u.is_active ? "users.deactivateLabel" : "users.activateLabel", { name: fullName(u) });
  const canToggle = (u: AdminUser) => u.id !== selfId;

  const menu = (u: AdminUser, compact = false) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {compact ? (
          <ActionIcon variant="default" size="lg" aria-label={t("users.actionsFor", { name: fullName(u) })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            size="xs"
            variant="default"
            rightSection={<IconDots size={14} aria-hidden />}
            aria-label={t("users.actionsFor", { name: fullName(u) })}
          >
            {t("actionsColumn")}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(u)}>
          {t("edit")}
        </Menu.Item>
        {u.root === 0 && (
          <Menu.Item leftSection={<IconSchool size={14} aria-hidden />} onClick={() => onAddToSchool(u)}>
            {t("users.addToSchool")}
          </Menu.Item>
        )}
        {canToggle(u) && (
          <Menu.Item
            color={u.is_active ? "red" : "teal"}
            leftSection={
              u.is_active ? <IconPlayerStop size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />
            }
            onClick={() => onToggle(u)}
            aria-label={toggleLabel(u)}
          >
            {u.is_active ? t("deactivate") : t("activate")}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover bg="var(--mantine-color-body)" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("users.user")}</Table.Th>
              <Table.Th>{t("users.schools")}</Table.Th>
              <Table.Th>{t("users.status")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("actionsColumn")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {fullName(u)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {u.email}
                  </Text>
                </Table.Td>
                <Table.Td>{schools(u)}</Table.Td>
                <Table.Td>{badges(u)}</Table.Td>
                <Table.Td ta="right">{menu(u)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
        {users.map((u) => (
          <Card key={u.id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{fullName(u)}</Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                  {u.email}
                </Text>
              </div>
              {menu(u, true)}
            </Group>
            <Stack gap="xs" mt="sm">
              {badges(u)}
              {schools(u)}
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
