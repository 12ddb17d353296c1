import type { AdminUser } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text } from "@mantine/core";
import { IconDots, IconPencil, IconPlayerPlay, IconPlayerStop, IconSchool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../components/PagedList.tsx";
import { actionsHeader } from "./list.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

interface Props {
  users: AdminUser[];
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** "1–20 of 45 users" under the list. */
  count: ReactNode;
  /** While the next page loads with this one still shown. */
  dimmed: boolean;
  /** The signed-in administrator, who cannot deactivate themself. */
  selfId: number | null;
  onEdit: (user: AdminUser) => void;
  onAddToSchool: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}

const fullName = (u: AdminUser) => [u.first_name, u.paternal_surname, u.maternal_surname].filter(Boolean).join(" ");

/** One page of users: a table from 768 px up and cards on a phone, the range and the pages under it. */
export function UsersList({
  users,
  total,
  page,
  perPage,
  onPage,
  count,
  dimmed,
  selfId,
  onEdit,
  onAddToSchool,
  onToggle,
}: Props) {
  const { t, i18n } = useTranslation("admin");

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
              {m.profile_name
                ? localName({ name: m.profile_name, name_en: m.profile_name_en }, i18n.resolvedLanguage ?? "es")
                : t("users.noProfile")}
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
    <PagedList
      rows={users}
      total={total}
      page={page}
      perPage={perPage}
      onPage={onPage}
      count={count}
      dimmed={dimmed}
      columns={[
        {
          key: "user",
          header: t("users.user"),
          render: (u) => (
            <>
              <Text fw={600} size="sm">
                {fullName(u)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {u.email}
              </Text>
            </>
          ),
        },
        { key: "schools", header: t("users.schools"), render: schools },
        { key: "status", header: t("users.status"), render: badges },
        {
          key: "actions",
          header: actionsHeader(t("actionsColumn")),
          render: (u) => <Group justify="flex-end">{menu(u)}</Group>,
        },
      ]}
      card={(u) => (
        <>
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
        </>
      )}
    />
  );
}
