import type { AdminHelpVideo } from "@convive/domain";
import { Group, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { IconSearch, IconVideo } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../../components/ConfirmDialog.tsx";
import { useAdminHelpVideos, useDeleteHelpVideo } from "../api/help-videos.ts";
import { HelpVideoForm } from "../components/HelpVideoForm.tsx";
import { HelpVideosList } from "../components/HelpVideosList.tsx";
import { ListToolbar } from "../components/ListToolbar.tsx";
import { CreateButton, ListState } from "../components/list.tsx";

/** help-video-creator (spec §2, root only, label Create help videos). */
export default function HelpVideosPage() {
  const { t } = useTranslation("admin");
  const videos = useAdminHelpVideos();
  const remove = useDeleteHelpVideo();
  const confirm = useConfirm();
  const [search, setSearch] = useState("");
  const [language, setLanguage] = useState("all");
  const [formOpen, setFormOpen] = useState(false);
  const [target, setTarget] = useState<AdminHelpVideo | null>(null);

  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (videos.data ?? [])
      .filter((v) => language === "all" || v.language === language)
      .filter((v) => !q || v.title.toLowerCase().includes(q) || v.screen_url.includes(q))
      .sort((a, b) => a.screen_url.localeCompare(b.screen_url) || a.title.localeCompare(b.title));
  }, [videos.data, search, language]);

  const openForm = (video: AdminHelpVideo | null) => {
    setTarget(video);
    setFormOpen(true);
  };
  const askDelete = (video: AdminHelpVideo) =>
    confirm.ask({
      title: t("videos.deleteTitle"),
      message: t("videos.deleteMessage", { title: video.title }),
      confirmLabel: t("delete"),
      danger: true,
      action: () => remove.run(video.id),
    });

  const total = videos.data?.length ?? 0;
  const createButton = <CreateButton label={t("videos.new")} onClick={() => openForm(null)} />;

  return (
    <Stack gap="md">
      <ListState
        query={videos}
        icon={<IconVideo size={28} />}
        title={t("videos.emptyTitle")}
        description={t("videos.emptyDescription")}
        action={createButton}
      />
      {total > 0 && (
        <>
          <ListToolbar summary={t("videos.summary", { count: list.length })} action={createButton} wrapAt="sm">
            <Group gap="sm" align="flex-end" w={{ base: "100%", sm: "auto" }}>
              <TextInput
                aria-label={t("videos.search")}
                placeholder={t("videos.search")}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={{ base: "100%", xs: 300 }}
                type="search"
              />
              <SegmentedControl
                aria-label={t("videos.language")}
                value={language}
                onChange={setLanguage}
                data={[
                  { value: "all", label: t("videos.allLanguages") },
                  { value: "es", label: "ES" },
                  { value: "en", label: "EN" },
                ]}
              />
            </Group>
          </ListToolbar>
          {list.length > 0 ? (
            <HelpVideosList videos={list} onEdit={openForm} onDelete={askDelete} />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t("nothingFound")}
            </Text>
          )}
        </>
      )}
      <HelpVideoForm video={target} opened={formOpen} onClose={() => setFormOpen(false)} />
      {confirm.dialog}
    </Stack>
  );
}
