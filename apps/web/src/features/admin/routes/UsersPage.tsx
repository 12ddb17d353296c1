import type { AdminUser } from "@convive/domain";
import { Alert, Button, Group, Pagination, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { useSession } from "../../../lib/session.ts";
import { toast } from "../../../lib/toast.ts";
import { USERS_PER_PAGE, updateUser, useAdminUsers, usersKey } from "../api/users.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { MembershipForm } from "../components/MembershipForm.tsx";
import { UserForm } from "../components/UserForm.tsx";
import { UsersList } from "../components/UsersList.tsx";

type Dialog = "form" | "membership" | "toggle" | null;

/** admin-user-creator (spec §2, root only, label Create users). */
export default function UsersPage() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useAdminUsers(debounced, page);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (kind: Dialog, user: AdminUser | null) => {
    setTarget(user);
    setDialog(kind);
  };
  const close = () => setDialog(null);

  const toggle = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await updateUser(target.id, { is_active: !target.is_active });
      await queryClient.invalidateQueries({ queryKey: usersKey });
      toast("success", t("common:messages.saved"));
      close();
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PER_PAGE)) : 1;
  const from = data && data.total > 0 ? (data.page - 1) * USERS_PER_PAGE + 1 : 0;
  const to = data && data.total > 0 ? from + data.users.length - 1 : 0;
  const targetName = target ? `${target.first_name} ${target.paternal_surname}`.trim() : "";

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          aria-label={t("users.search")}
          placeholder={t("users.search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: "100%", xs: 340 }}
          type="search"
        />
        <Button
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={() => open("form", null)}
          w={{ base: "100%", xs: "auto" }}
        >
          {t("users.new")}
        </Button>
      </Group>
      {users.isPending && <Skeleton h={280} radius="md" />}
      {users.isError && (
        <Alert color="red" variant="light" role="alert" title={users.error.message}>
          <Button size="xs" variant="default" onClick={() => void users.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Alert>
      )}
      {data && data.total === 0 && (
        <EmptyState
          icon={<IconUsers size={28} />}
          title={debounced ? t("nothingFound") : t("users.emptyTitle")}
          description={debounced ? t("users.searchHint") : undefined}
        />
      )}
      {data && data.total > 0 && (
        <div
          style={{ opacity: users.isPlaceholderData ? 0.6 : 1, transition: "opacity 150ms" }}
          aria-busy={users.isFetching}
        >
          <UsersList
            users={data.users}
            selfId={userId}
            onEdit={(u) => open("form", u)}
            onAddToSchool={(u) => open("membership", u)}
            onToggle={(u) => open("toggle", u)}
          />
          <Group justify="space-between" mt="md" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {t("users.range", { from, to, total: data.total })}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ "aria-label": t(`pagination.${control}`) })}
                getItemProps={(p) => ({ "aria-label": t("pagination.page", { page: p }) })}
              />
            )}
          </Group>
        </div>
      )}
      <UserForm user={target} opened={dialog === "form"} onClose={close} />
      <MembershipForm user={target} opened={dialog === "membership"} onClose={close} />
      <ConfirmDialog
        opened={dialog === "toggle"}
        onClose={close}
        busy={busy}
        danger={target?.is_active}
        title={target?.is_active ? t("users.deactivateTitle") : t("users.activateTitle")}
        message={t(target?.is_active ? "users.deactivateMessage" : "users.activateMessage", { name: targetName })}
        confirmLabel={target?.is_active ? t("deactivate") : t("activate")}
        onConfirm={() => void toggle()}
      />
    </Stack>
  );
}
