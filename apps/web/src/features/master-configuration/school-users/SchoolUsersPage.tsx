import type { SchoolUser } from "@convive/domain";
import { localName } from "@convive/domain/core";
import { Button } from "@mantine/core";
import { IconFileSpreadsheet, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { FilterSelect } from "../../../components/FilterSelect.tsx";
import { ListFilters } from "../../../components/ListSearch.tsx";
import { QueryState } from "../../../components/QueryState.tsx";
import { useListParams } from "../../../lib/list-params.ts";
import { useSession } from "../../../lib/session.ts";
import { MassiveUpload } from "../imports/MassiveUpload.tsx";
import { useAccess } from "../shared/access.ts";
import { Card } from "../shared/Card.tsx";
import { fullName } from "../shared/format.ts";
import { useRefreshAll } from "../shared/keys.ts";
import { MasterConfigurationPage } from "../shared/MasterConfigurationPage.tsx";
import { PER_PAGE, type Scope, type UsersFilter, useProfiles, useSchoolUsers, useSetUserActive } from "./api.ts";
import { BulkAssign } from "./BulkAssign.tsx";
import { InvitationsCard } from "./InvitationsCard.tsx";
import { DeactivateMessage } from "./OpenWorkWarning.tsx";
import { SchoolUsersList } from "./SchoolUsersList.tsx";
import { UserForm } from "./UserForm.tsx";

/** master-configuration/school-users: the school's members, their profile and their active membership. */
export default function SchoolUsersPage() {
  const { t, i18n } = useTranslation("masterUsers");
  const lang = i18n.resolvedLanguage ?? "es";
  const access = useAccess();
  const selfId = Number(useSession().userId);
  const refresh = useRefreshAll();
  const confirm = useConfirm();
  const profiles = useProfiles();
  const setActive = useSetUserActive();
  // Page and filters live in the URL: a reload or a shared link shows the same list.
  const list = useListParams({ q: "", profile: "", active: "all", scope: "all" }, { size: PER_PAGE });
  const { q, profile, active, scope } = list.filters;
  const users = useSchoolUsers({
    search: q,
    profileId: profile || null,
    active: active as UsersFilter["active"],
    scope: scope as Scope,
    page: list.page,
  });
  const [editing, setEditing] = useState<{ user: SchoolUser | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const can = {
    create: access.can("master-configuration-users", "create"),
    update: access.can("master-configuration-users", "update"),
    delete: access.can("master-configuration-users", "delete"),
    upload: access.can("master-configuration-users-massive-upload", "create"),
  };
  const rows = users.data?.users ?? [];
  const profileOptions = useMemo(
    () => (profiles.data ?? []).map((p) => ({ value: String(p.id), label: localName(p, lang) })),
    [profiles.data, lang],
  );
  const select = (ids: number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const toggleActive = (u: SchoolUser) =>
    confirm.ask({
      title: u.is_active ? t("deactivate.title", { name: fullName(u) }) : t("activate.title", { name: fullName(u) }),
      message: u.is_active ? <DeactivateMessage userId={u.id} /> : t("activate.message"),
      confirmLabel: u.is_active ? t("deactivate.confirm") : t("activate.confirm"),
      danger: u.is_active,
      successMessage: t("common:messages.saved"),
      failureMessage: t("common:messages.saveFailed"),
      action: () => setActive.run({ id: u.id, active: !u.is_active }),
    });

  const headerActions = (
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
  );

  return (
    <MasterConfigurationPage>
      <Card title={t("list.title")} description={t("list.description")} actions={headerActions}>
        <ListFilters
          listParams={list}
          search={{ label: t("list.search"), placeholder: t("list.searchPlaceholder"), width: 280 }}
        >
          <FilterSelect
            listParams={list}
            param="profile"
            label={t("filters.profile")}
            placeholder={t("filters.anyProfile")}
            data={profileOptions}
            clearable
            w={{ base: "100%", xs: 180 }}
            disabled={profileOptions.length === 0}
          />
          <FilterSelect
            listParams={list}
            param="scope"
            label={t("filters.kind")}
            data={(["all", "staff", "family"] as const).map((s) => ({ value: s, label: t(`filters.scope.${s}`) }))}
            allowDeselect={false}
            w={{ base: "calc(50% - 6px)", xs: 150 }}
          />
          <FilterSelect
            listParams={list}
            param="active"
            label={t("filters.status")}
            data={(["all", "true", "false"] as const).map((s) => ({ value: s, label: t(`filters.active.${s}`) }))}
            allowDeselect={false}
            w={{ base: "calc(50% - 6px)", xs: 150 }}
          />
        </ListFilters>

        {selected.size > 0 && (
          <BulkAssign selected={selected} profileOptions={profileOptions} onDone={() => setSelected(new Set())} />
        )}

        <QueryState query={users} />
        {users.data && rows.length === 0 && (
          <EmptyState
            order={3}
            icon={<IconUsers size={28} />}
            title={list.filtered ? t("list.nothingFound") : t("list.emptyTitle")}
            description={t("list.emptyDescription")}
          />
        )}
        {rows.length > 0 && (
          <SchoolUsersList
            rows={rows}
            total={users.data?.total ?? 0}
            page={list.page}
            onPage={list.setPage}
            dimmed={users.isPlaceholderData}
            selfId={selfId}
            can={can}
            onEdit={(user) => setEditing({ user })}
            onToggleActive={toggleActive}
            selection={
              can.update
                ? {
                    selected,
                    selectable: (u) => u.id !== selfId,
                    onChange: select,
                    pageLabel: t("bulk.selectPage"),
                    rowLabel: (u) => t("bulk.selectOne", { name: fullName(u) }),
                  }
                : undefined
            }
          />
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
