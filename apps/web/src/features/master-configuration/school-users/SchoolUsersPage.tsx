import type { SchoolUser } from "@convive/domain";
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import {
  IconFileSpreadsheet,
  IconPencil,
  IconPlayerPlay,
  IconSearch,
  IconUserOff,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useSession } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { MassiveUpload } from "../imports/MassiveUpload.tsx";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import {
  activateSchoolUser,
  assignProfile,
  deactivateSchoolUser,
  PER_PAGE,
  type Scope,
  type UsersFilter,
  useProfiles,
  useSchoolUsers,
} from "./api.ts";
import { InvitationsCard } from "./InvitationsCard.tsx";
import { UserForm } from "./UserForm.tsx";

const initials = (u: SchoolUser) => `${u.first_name[0] ?? ""}${u.paternal_surname[0] ?? ""}`.toUpperCase();

/** master-configuration/school-users: the school's members, their profile and their active membership. */
export default function SchoolUsersPage() {
  const { t } = useTranslation("masterUsers");
  const access = useAccess();
  const { userId } = useSession();
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const profiles = useProfiles();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [filter, setFilter] = useState<Omit<UsersFilter, "search">>({
    profileId: null,
    active: "all",
    scope: "all",
    page: 1,
  });
  const users = useSchoolUsers({ ...filter, search: debounced });
  const [editing, setEditing] = useState<{ user: SchoolUser | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkProfile, setBulkProfile] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);
  const [assignError, setAssignError] = useState<string | null>(null);

  const can = {
    create: access.can("master-configuration-users", "create"),
    update: access.can("master-configuration-users", "update"),
    delete: access.can("master-configuration-users", "delete"),
    upload: access.can("master-configuration-users-massive-upload", "create"),
  };

  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const selectable = (u: SchoolUser) => can.update && u.id !== Number(userId);
  const pageSelectable = rows.filter(selectable);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((u) => selected.has(u.id));
  const someOnPage = pageSelectable.some((u) => selected.has(u.id));

  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const u of pageSelectable) {
        if (on) next.add(u.id);
        else next.delete(u.id);
      }
      return next;
    });

  const profileOptions = useMemo(
    () => (profiles.data ?? []).map((p) => ({ value: String(p.id), label: p.name })),
    [profiles.data],
  );

  const runAssign = async () => {
    if (!bulkProfile || selected.size === 0) return;
    setAssigning(true);
    setAssignError(null);
    try {
      await assignProfile({ user_ids: [...selected], profile_id: Number(bulkProfile) });
      toast("success", t("bulk.assigned"));
      setSelected(new Set());
      setBulkProfile(null);
      await refresh();
    } catch (error) {
      toast("error", t("bulk.assignFailed"));
      setAssignError((error as Error).message);
    } finally {
      setAssigning(false);
    }
  };

  const toggleActive = (u: SchoolUser) =>
    confirm.ask({
      title: u.is_active ? t("deactivate.title", { name: fullName(u) }) : t("activate.title", { name: fullName(u) }),
      message: u.is_active ? t("deactivate.message") : t("activate.message"),
      confirmLabel: u.is_active ? t("deactivate.confirm") : t("activate.confirm"),
      danger: u.is_active,
      successMessage: t("common:messages.saved"),
      failureMessage: t("common:messages.saveFailed"),
      action: async () => {
        if (u.is_active) await deactivateSchoolUser(u.id);
        else await activateSchoolUser(u.id);
        await refresh();
      },
    });

  const statusBadge = (u: SchoolUser) => (
    <Badge variant="light" color={u.is_active ? "teal" : "gray"} c="dark.7" radius="sm">
      {u.is_active ? t("status.active") : t("status.inactive")}
    </Badge>
  );
  const profileOf = (u: SchoolUser) =>
    u.profile_name ? (
      <Text size="sm">{u.profile_name}</Text>
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
            onClick={() => setEditing({ user: u })}
            aria-label={t("list.editLabel", { name: fullName(u) })}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {u.id !== Number(userId) && (u.is_active ? can.delete : can.update) && (
        <Tooltip label={u.is_active ? t("deactivate.confirm") : t("activate.confirm")} withArrow>
          <ActionIcon
            variant="subtle"
            color={u.is_active ? "red.9" : "teal.9"}
            size="lg"
            onClick={() => toggleActive(u)}
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

  return (
    <MasterConfigurationPage>
      <Card
        title={t("list.title")}
        description={t("list.description")}
        actions={
          <>
            {can.upload && (
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {t("imports.open")}
              </Button>
            )}
            {can.create && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setEditing({ user: null })}>
                {t("list.new")}
              </Button>
            )}
          </>
        }
      >
        <Group gap="sm" align="flex-end">
          <TextInput
            label={t("list.search")}
            placeholder={t("list.searchPlaceholder")}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setFilter((f) => (f.page === 1 ? f : { ...f, page: 1 }));
            }}
            type="search"
            w={{ base: "100%", sm: 280 }}
          />
          <Select
            label={t("filters.profile")}
            placeholder={t("filters.anyProfile")}
            data={profileOptions}
            value={filter.profileId}
            onChange={(v) => setFilter((f) => ({ ...f, profileId: v, page: 1 }))}
            clearable
            w={{ base: "100%", xs: 180 }}
            comboboxProps={{ withinPortal: true }}
            disabled={profileOptions.length === 0}
          />
          <Select
            label={t("filters.kind")}
            data={(["all", "staff", "family"] as const).map((s) => ({ value: s, label: t(`filters.scope.${s}`) }))}
            value={filter.scope}
            onChange={(v) => setFilter((f) => ({ ...f, scope: (v ?? "all") as Scope, page: 1 }))}
            allowDeselect={false}
            w={{ base: "calc(50% - 6px)", xs: 150 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t("filters.status")}
            data={(["all", "true", "false"] as const).map((s) => ({ value: s, label: t(`filters.active.${s}`) }))}
            value={filter.active}
            onChange={(v) => setFilter((f) => ({ ...f, active: (v ?? "all") as UsersFilter["active"], page: 1 }))}
            allowDeselect={false}
            w={{ base: "calc(50% - 6px)", xs: 150 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>

        {selected.size > 0 && (
          <Paper
            withBorder
            radius="md"
            p="sm"
            bg="var(--mantine-color-gray-0)"
            role="region"
            aria-label={t("bulk.region")}
          >
            <Group gap="sm" align="flex-end" justify="space-between">
              <Text size="sm" fw={600} aria-live="polite">
                {t("bulk.selected", { count: selected.size })}
              </Text>
              <Group gap="sm" align="flex-end" w={{ base: "100%", sm: "auto" }}>
                <Select
                  label={t("bulk.profile")}
                  placeholder={t("form.pickProfile")}
                  data={profileOptions}
                  value={bulkProfile}
                  onChange={setBulkProfile}
                  w={{ base: "100%", sm: 220 }}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button onClick={() => void runAssign()} loading={assigning} disabled={!bulkProfile}>
                  {t("bulk.assign")}
                </Button>
                <Button
                  variant="subtle"
                  color="gray.8"
                  onClick={() => {
                    setSelected(new Set());
                    setAssignError(null);
                  }}
                >
                  {t("bulk.clear")}
                </Button>
              </Group>
            </Group>
            {assignError && (
              <Alert color="red" variant="light" role="alert" mt="sm">
                {assignError}
              </Alert>
            )}
          </Paper>
        )}

        <QueryState query={users} />
        {users.data && rows.length === 0 && (
          <EmptyState
            order={3}
            icon={<IconUsers size={28} />}
            title={
              debounced || filter.profileId || filter.active !== "all" || filter.scope !== "all"
                ? t("list.nothingFound")
                : t("list.emptyTitle")
            }
            description={t("list.emptyDescription")}
          />
        )}
        {rows.length > 0 && (
          <>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table
                verticalSpacing="sm"
                highlightOnHover
                withTableBorder
                style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}
              >
                <Table.Thead>
                  <Table.Tr>
                    {can.update && (
                      <Table.Th w={44}>
                        <Checkbox
                          aria-label={t("bulk.selectPage")}
                          checked={allOnPage}
                          indeterminate={someOnPage && !allOnPage}
                          onChange={(e) => togglePage(e.currentTarget.checked)}
                          disabled={pageSelectable.length === 0}
                        />
                      </Table.Th>
                    )}
                    <Table.Th>{t("list.name")}</Table.Th>
                    <Table.Th>{t("fields.profile")}</Table.Th>
                    <Table.Th>{t("fields.cellPhone")}</Table.Th>
                    <Table.Th>{t("list.status")}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t("list.actions")}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((u) => (
                    <Table.Tr key={u.id} bg={selected.has(u.id) ? "var(--mantine-color-gray-1)" : undefined}>
                      {can.update && (
                        <Table.Td>
                          <Checkbox
                            aria-label={t("bulk.selectOne", { name: fullName(u) })}
                            checked={selected.has(u.id)}
                            onChange={(e) => toggle(u.id, e.currentTarget.checked)}
                            disabled={!selectable(u)}
                          />
                        </Table.Td>
                      )}
                      <Table.Td maw={320}>{person(u)}</Table.Td>
                      <Table.Td>
                        {profileOf(u)}
                        {u.trainer_type && (
                          <Text size="xs" c="gray.7">
                            {u.trainer_type}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{u.cell_phone || "—"}</Text>
                      </Table.Td>
                      <Table.Td>{statusBadge(u)}</Table.Td>
                      <Table.Td>{actions(u)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack gap="xs" hiddenFrom="sm">
              {can.update && pageSelectable.length > 0 && (
                <Checkbox
                  label={t("bulk.selectPage")}
                  checked={allOnPage}
                  indeterminate={someOnPage && !allOnPage}
                  onChange={(e) => togglePage(e.currentTarget.checked)}
                />
              )}
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
                {rows.map((u) => (
                  <Paper key={u.id} component="li" withBorder radius="md" p="sm">
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      {can.update && (
                        <Checkbox
                          mt={8}
                          aria-label={t("bulk.selectOne", { name: fullName(u) })}
                          checked={selected.has(u.id)}
                          onChange={(e) => toggle(u.id, e.currentTarget.checked)}
                          disabled={!selectable(u)}
                        />
                      )}
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
                  </Paper>
                ))}
              </Stack>
            </Stack>
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="gray.7" aria-live="polite">
                {t("list.count", { count: total })}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={filter.page}
                  onChange={(page) => setFilter((f) => ({ ...f, page }))}
                  size="sm"
                  siblings={1}
                  getControlProps={(control) => ({
                    "aria-label":
                      control === "previous" ? t("list.previous") : control === "next" ? t("list.next") : undefined,
                  })}
                  getItemProps={(page) => ({ "aria-label": t("list.page", { page }) })}
                />
              )}
            </Group>
          </>
        )}
      </Card>
      <InvitationsCard can={{ resend: can.create, cancel: can.create || can.delete }} />
      {editing && <UserForm user={editing.user} profiles={profiles.data ?? []} onClose={() => setEditing(null)} />}
      <MassiveUpload
        kind="users"
        opened={importing}
        onClose={() => setImporting(false)}
        onDone={() => void refresh()}
      />
      {confirm.dialog}
    </MasterConfigurationPage>
  );
}
