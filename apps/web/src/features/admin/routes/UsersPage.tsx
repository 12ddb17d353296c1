import type { AdminUser } from "@convive/domain";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useSession } from "../../../lib/session.ts";
import { USERS_PER_PAGE, useAdminUsers, useToggleUser } from "../api/users.ts";
import { MembershipForm } from "../components/MembershipForm.tsx";
import { UserForm } from "../components/UserForm.tsx";
import { UsersList } from "../components/UsersList.tsx";

type Dialog = "form" | "membership" | "toggle" | null;

/** admin-user-creator (spec §2, root only, label Create users). Page and search live in the URL. */
export default function UsersPage() {
  const { t } = useTranslation("admin");
  const { userId } = useSession();
  const params = useListParams({ search: "" }, { size: USERS_PER_PAGE });
  const [debounced] = useDebouncedValue(params.filters.search.trim(), 300);
  const users = useAdminUsers(debounced, params.page);
  const toggle = useToggleUser({ failure: (error) => error.message });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<AdminUser | null>(null);

  const open = (kind: Dialog, user: AdminUser | null) => {
    setTarget(user);
    setDialog(kind);
  };
  const close = () => setDialog(null);

  const confirmToggle = () => {
    if (!target) return;
    void toggle.submit(target, close);
  };

  const data = users.data;
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
          value={params.filters.search}
          onChange={(e) => params.setFilter("search", e.currentTarget.value)}
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
      <QueryState
        query={users}
        height={280}
        isEmpty={(page) => page.total === 0}
        empty={
          <EmptyState
            icon={<IconUsers size={28} />}
            title={debounced ? t("nothingFound") : t("users.emptyTitle")}
            description={debounced ? t("users.searchHint") : undefined}
          />
        }
      />
      {data && data.total > 0 && (
        <div aria-busy={users.isFetching}>
          <UsersList
            users={data.users}
            total={data.total}
            page={params.page}
            perPage={USERS_PER_PAGE}
            onPage={params.setPage}
            count={t("users.range", { from, to, total: data.total })}
            dimmed={users.isPlaceholderData}
            selfId={userId}
            onEdit={(u) => open("form", u)}
            onAddToSchool={(u) => open("membership", u)}
            onToggle={(u) => open("toggle", u)}
          />
        </div>
      )}
      <UserForm user={target} opened={dialog === "form"} onClose={close} />
      <MembershipForm user={target} opened={dialog === "membership"} onClose={close} />
      <ConfirmDialog
        opened={dialog === "toggle"}
        onClose={close}
        busy={toggle.busy}
        danger={target?.is_active}
        title={target?.is_active ? t("users.deactivateTitle") : t("users.activateTitle")}
        message={t(target?.is_active ? "users.deactivateMessage" : "users.activateMessage", { name: targetName })}
        confirmLabel={target?.is_active ? t("deactivate") : t("activate")}
        onConfirm={confirmToggle}
      />
    </Stack>
  );
}
