import type { AdminHelpVideo } from "@convive/domain";
import { Alert, Button, Group, SegmentedControl, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconSearch, IconVideo } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/EmptyState.tsx";
import { toast } from "../../../lib/toast.ts";
import { deleteHelpVideo, helpVideosKey, useAdminHelpVideos } from "../api/help-videos.ts";
import { ConfirmDialog } from "../components/ConfirmDialog.tsx";
import { HelpVideoForm } from "../components/HelpVideoForm.tsx";
import { HelpVideosList } from "../components/HelpVideosList.tsx";

type Dialog = "form" | "delete" | null;

/** help-video-creator (spec §2, root only, label Create help videos). */
export default function HelpVideosPage() {
  const { t } = useTranslation("admin");
  const queryClient = useQueryClient();
  const videos = useAdminHelpVideos();
  const [search, setSearch] = useState("");
  const [language, setLanguage] = useState("all");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<AdminHelpVideo | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (videos.data ?? [])
      .filter((v) => language === "all" || v.language === language)
      .filter((v) => !q || v.title.toLowerCase().includes(q) || v.screen_url.includes(q))
      .sort((a, b) => a.screen_url.localeCompare(b.screen_url) || a.title.localeCompare(b.title));
  }, [videos.data, search, language]);

  const open = (kind: Dialog, video: AdminHelpVideo | null) => {
    setTarget(video);
    setDialog(kind);
  };

  const remove = async () => {
    if (!target) return;
    setBusy(true);
    try {
      await deleteHelpVideo(target.id);
      await queryClient.invalidateQueries({ queryKey: helpVideosKey });
      toast("success", t("common:messages.removed"));
      setDialog(null);
    } catch {
      toast("error", t("common:messages.deleteFailed"));
    } finally {
      setBusy(false);
    }
  };

  const total = videos.data?.length ?? 0;
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open("form", null)}>
      {t("videos.new")}
    </Button>
  );

  return (
    <Stack gap="md">
      {videos.isPending && <Skeleton h={240} radius="md" />}
      {videos.isError && (
        <Alert color="red" variant="light" role="alert" title={videos.error.message}>
          <Button size="xs" variant="default" onClick={() => void videos.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Alert>
      )}
      {videos.data && total === 0 && (
        <EmptyState
          icon={<IconVideo size={28} />}
          title={t("videos.emptyTitle")}
          description={t("videos.emptyDescription")}
          action={createButton}
        />
      )}
      {videos.data && total > 0 && (
        <>
          <Group justify="space-between" align="flex-end" gap="sm">
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
            <Group gap="md" justify="space-between" w={{ base: "100%", sm: "auto" }}>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t("videos.summary", { count: list.length })}
              </Text>
              {createButton}
            </Group>
          </Group>
          {list.length > 0 ? (
            <HelpVideosList videos={list} onEdit={(v) => open("form", v)} onDelete={(v) => open("delete", v)} />
          ) : (
            <Text c="dimmed" ta="center" py="xl">
              {t("nothingFound")}
            </Text>
          )}
        </>
      )}
      <HelpVideoForm video={target} opened={dialog === "form"} onClose={() => setDialog(null)} />
      <ConfirmDialog
        opened={dialog === "delete"}
        onClose={() => setDialog(null)}
        busy={busy}
        danger
        title={t("videos.deleteTitle")}
        message={t("videos.deleteMessage", { title: target?.title ?? "" })}
        confirmLabel={t("delete")}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
