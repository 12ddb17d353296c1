import type { AdminSchool } from "@convive/domain";
import { Alert, Button, Group, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { IconBuildingCommunity, IconPlus, IconSearch } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { toast } from "../../../lib/toast.ts";
import { schoolsKey, updateSchool, useAdminSchools } from "../api/schools.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { SchoolForm } from "../components/SchoolForm.tsx";
import { SchoolsList } from "../components/SchoolsList.tsx";
import { platformHost } from "../host.ts";

const matches = (s: AdminSchool, q: string) =>
  [s.name, s.id, s.legal_name ?? "", s.cct ?? ""].some((v) => v.toLowerCase().includes(q));

/** admin-school-creator (spec §2, root only, label Schools): also the landing of a root user with no school. */
export default function SchoolsPage() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const schools = useAdminSchools();
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<AdminSchool | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Kept after the dialog closes so its text does not change while it fades out.
  const [toggling, setToggling] = useState<AdminSchool | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    return [...(schools.data ?? [])].filter((s) => !q || matches(s, q)).sort((a, b) => a.name.localeCompare(b.name));
  }, [schools.data, search]);

  const openForm = (school: AdminSchool | null) => {
    setEditing(school);
    setFormOpen(true);
  };

  const toggle = async () => {
    if (!toggling) return;
    setBusy(true);
    try {
      await updateSchool(toggling.id, { is_active: !toggling.is_active });
      await queryClient.invalidateQueries({ queryKey: schoolsKey });
      toast("success", t("common:messages.saved"));
      setConfirmOpen(false);
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const total = schools.data?.length ?? 0;
  const active = schools.data?.filter((s) => s.is_active).length ?? 0;
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)}>
      {t("schools.new")}
    </Button>
  );

  return (
    <Stack gap="md">
      {schools.isPending && <Skeleton h={240} radius="md" />}
      {schools.isError && (
        <Alert color="red" variant="light" role="alert" title={schools.error.message}>
          <Button size="xs" variant="default" onClick={() => void schools.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Alert>
      )}
      {schools.data && total === 0 && (
        <EmptyState
          icon={<IconBuildingCommunity size={28} />}
          title={t("schools.emptyTitle")}
          description={t("schools.emptyDescription", { host: platformHost() })}
          action={createButton}
        />
      )}
      {schools.data && total > 0 && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
            <TextInput
              aria-label={t("schools.search")}
              placeholder={t("schools.search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: "100%", xs: 320 }}
              type="search"
            />
            <Group gap="md" justify="space-between" w={{ base: "100%", xs: "auto" }}>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("schools.summary", { total, active })}
              </Text>
              {createButton}
            </Group>
          </Group>
          {list.length > 0 ? (
            <SchoolsList
              schools={list}
              onEdit={openForm}
              onToggle={(school) => {
                setToggling(school);
                setConfirmOpen(true);
              }}
            />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t("nothingFound")}
            </Text>
          )}
        </>
      )}
      <SchoolForm school={editing} opened={formOpen} onClose={() => setFormOpen(false)} />
      <ConfirmDialog
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        busy={busy}
        danger={toggling?.is_active}
        title={toggling?.is_active ? t("schools.deactivateTitle") : t("schools.activateTitle")}
        message={t(toggling?.is_active ? "schools.deactivateMessage" : "schools.activateMessage", {
          name: toggling?.name,
        })}
        confirmLabel={toggling?.is_active ? t("deactivate") : t("activate")}
        onConfirm={() => void toggle()}
      />
    </Stack>
  );
}
