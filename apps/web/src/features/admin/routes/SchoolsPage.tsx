import type { AdminSchool } from "@convive/domain";
import { byText } from "@convive/domain/core";
import { Stack, Text, TextInput } from "@mantine/core";
import { IconBuildingCommunity, IconSearch } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { SignInProviderForm } from "../../sign-in-provider/index.ts";
import { useAdminSchools, useToggleSchool } from "../api/schools.ts";
import { ListToolbar } from "../components/ListToolbar.tsx";
import { CreateButton, ListState } from "../components/list.tsx";
import { SchoolForm } from "../components/SchoolForm.tsx";
import { SchoolsList } from "../components/SchoolsList.tsx";
import { platformHost } from "../host.ts";

const matches = (s: AdminSchool, q: string) =>
  [s.name, s.id, s.legal_name ?? "", s.cct ?? ""].some((v) => v.toLowerCase().includes(q));

/** admin-school-creator (spec §2, root only, label Schools): also the landing of a root user with no school. */
export default function SchoolsPage() {
  const { t, i18n } = useTranslation(["admin", "signInProvider"]);
  const lang = i18n.resolvedLanguage ?? "es";
  const schools = useAdminSchools();
  const toggle = useToggleSchool({ failure: (error) => error.message });
  const [search, setSearch] = useState("");
  const [editing, setEditing] = useState<AdminSchool | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // Kept after the dialog closes so its text does not change while it fades out.
  const [toggling, setToggling] = useState<AdminSchool | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [provider, setProvider] = useState<AdminSchool | null>(null);

  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    return [...(schools.data ?? [])].filter((s) => !q || matches(s, q)).sort(byText(lang, (s) => s.name));
  }, [schools.data, search, lang]);

  const openForm = (school: AdminSchool | null) => {
    setEditing(school);
    setFormOpen(true);
  };

  const confirmToggle = () => {
    if (!toggling) return;
    void toggle.submit(toggling, () => setConfirmOpen(false));
  };

  const total = schools.data?.length ?? 0;
  const active = schools.data?.filter((s) => s.is_active).length ?? 0;
  const createButton = <CreateButton label={t("schools.new")} onClick={() => openForm(null)} />;

  return (
    <Stack gap="md">
      <ListState
        query={schools}
        icon={<IconBuildingCommunity size={28} />}
        title={t("schools.emptyTitle")}
        description={t("schools.emptyDescription", { host: platformHost() })}
        action={createButton}
      />
      {total > 0 && (
        <>
          <ListToolbar summary={t("schools.summary", { total, active })} action={createButton} wrapAt="xs">
            <TextInput
              aria-label={t("schools.search")}
              placeholder={t("schools.search")}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: "100%", xs: 320 }}
              type="search"
            />
          </ListToolbar>
          {list.length > 0 ? (
            <SchoolsList
              schools={list}
              onEdit={openForm}
              onProvider={setProvider}
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
      <SignInProviderForm
        schoolId={provider?.id ?? null}
        schoolName={provider?.name ?? ""}
        opened={provider !== null}
        onClose={() => setProvider(null)}
      />
      <ConfirmDialog
        opened={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        busy={toggle.busy}
        danger={toggling?.is_active}
        title={toggling?.is_active ? t("schools.deactivateTitle") : t("schools.activateTitle")}
        message={t(toggling?.is_active ? "schools.deactivateMessage" : "schools.activateMessage", {
          name: toggling?.name,
        })}
        confirmLabel={toggling?.is_active ? t("deactivate") : t("activate")}
        onConfirm={confirmToggle}
      />
    </Stack>
  );
}
