import type { SchoolUser } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { ActionIcon, Avatar, Badge, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconPlayerPlay, IconUserOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type Column, PagedList, type Selection } from "../../../components/PagedList.tsx";
import { fullName } from "../shared/format.ts";
import { PER_PAGE } from "./api.ts";

const initials = (u: SchoolUser) => `${u.first_name[0] ?? ""}${u.paternal_surname[0] ?? ""}`.toUpperCase();

interface SchoolUsersListProps {
  rows: SchoolUser[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  dimmed: boolean;
  /** The signed-in user: never deactivated nor selected from here. */
  selfId: number;
  can: { update: boolean; delete: boolean };
  selection?: Selection<SchoolUser>;
  onEdit: (user: SchoolUser) => void;
  onToggleActive: (user: SchoolUser) => void;
}

/** The school's members: a table on desktop, cards on a phone; selection for the bulk profile assignment. */
export function SchoolUsersList({ selfId, can, onEdit, onToggleActive, ...list }: SchoolUsersListProps) {
  const { t, i18n } = useTranslation("masterUsers");
  const statusBadge = (u: SchoolUser) => (
    <Badge variant="light" color={u.is_active ? "teal" : "gray"} c="dark.7" radius="sm">
      {u.is_active ? t("status.active") : t("status.inactive")}
    </Badge>
  );
  const profileOf = (u: SchoolUser) =>
    u.profile_name ? (
      <Text size="sm">
        {localName({ name: u.profile_name, name_en: u.profile_name_en }, i18n.resolvedLanguage ?? "es")}
      </Text>
    ) : (
      <Text size="sm" c="gray.7" fs="italic">
        {t("list.noProfile")}
      </Text>
    );
  const actions = (u: SchoolUser) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {can.update && (
        <Tooltip label={t("list.edit")} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            size="lg"
            onClick={() => onEdit(u)}
            aria-label={t("list.editLabel", { name: fullName(u) })}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {u.id !== selfId && (u.is_active ? can.delete : can.update) && (
        <Tooltip label={u.is_active ? t("deactivate.confirm") : t("activate.confirm")} withArrow>
          <ActionIcon
            variant="subtle"
            color={u.is_active ? "red.9" : "teal.9"}
            size="lg"
            onClick={() => onToggleActive(u)}
            aria-label={
              u.is_active ? t("deactivate.label", { name: fullName(u) }) : t("activate.label", { name: fullName(u) })
            }
          >
            {u.is_active ? <IconUserOff size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
  const person = (u: SchoolUser, wrap = false) => (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={u.image_profile} radius="xl" size={36} color="institutional" alt="">
        {initials(u)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate={!wrap}>
          {fullName(u)}
        </Text>
        <Text size="xs" c="gray.7" truncate={!wrap} style={wrap ? { overflowWrap: "anywhere" } : undefined}>
          {u.email}
        </Text>
      </div>
    </Group>
  );
  const columns: Column<SchoolUser>[] = [
    { key: "name", header: t("list.name"), render: (u) => person(u), maw: 320 },
    {
      key: "profile",
      header: t("fields.profile"),
      render: (u) => (
        <>
          {profileOf(u)}
          {u.trainer_type && (
            <Text size="xs" c="gray.7">
              {u.trainer_type}
            </Text>
          )}
        </>
      ),
    },
    { key: "phone", header: t("fields.cellPhone"), render: (u) => <Text size="sm">{u.cell_phone || "—"}</Text> },
    { key: "status", header: t("list.status"), render: statusBadge },
    { key: "actions", header: null, render: actions },
  ];
  return (
    <PagedList
      {...list}
      perPage={PER_PAGE}
      columns={columns}
      count={t("list.count", { count: list.total })}
      card={(u) => (
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <Stack gap={6} miw={0} style={{ flex: 1 }}>
            {person(u, true)}
            <Group gap="xs">
              {statusBadge(u)}
              {profileOf(u)}
            </Group>
            {u.cell_phone && (
              <Text size="xs" c="gray.7">
                {u.cell_phone}
              </Text>
            )}
          </Stack>
          {actions(u)}
        </Group>
      )}
    />
  );
}
