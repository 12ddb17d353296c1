import type { AdminHelpVideo } from "@convive/domain";
import { Anchor, Badge, Button, Divider, Group, Stack, Text } from "@mantine/core";
import { IconExternalLink, IconPencil, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PagedList } from "../../../components/PagedList.tsx";
import { useScreenTitles } from "./HelpVideoForm.tsx";
import { actionsHeader, wholeList } from "./list.tsx";

interface Props {
  videos: AdminHelpVideo[];
  onEdit: (video: AdminHelpVideo) => void;
  onDelete: (video: AdminHelpVideo) => void;
}

/** Help videos as a table from 768 px up, cards on a phone. */
export function HelpVideosList({ videos, onEdit, onDelete }: Props) {
  const { t } = useTranslation("admin");
  const titles = useScreenTitles();

  const link = (v: AdminHelpVideo) => (
    <Anchor href={v.video_url} target="_blank" rel="noopener noreferrer" size="xs" style={{ overflowWrap: "anywhere" }}>
      {v.video_url.replace(/^https?:\/\//, "")}
      <IconExternalLink
        size={12}
        style={{ marginLeft: 4, verticalAlign: "-1px" }}
        aria-label={t("videos.opensNewTab")}
      />
    </Anchor>
  );
  const screen = (v: AdminHelpVideo) => (
    <>
      <Text size="sm">{titles.get(v.screen_url) ?? t("videos.otherScreen")}</Text>
      <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: "anywhere" }}>
        {v.screen_url}
      </Text>
    </>
  );
  const language = (v: AdminHelpVideo) => (
    <Badge
      size="sm"
      variant="light"
      color={v.language === "en" ? "indigo" : "blue"}
      c={v.language === "en" ? "indigo.9" : "blue.9"}
      style={{ flexShrink: 0 }}
    >
      {v.language.toUpperCase()}
    </Badge>
  );
  const actions = (v: AdminHelpVideo, grow: boolean) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end" grow={grow}>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconPencil size={14} aria-hidden />}
        onClick={() => onEdit(v)}
        aria-label={t("videos.editLabel", { title: v.title })}
      >
        {t("edit")}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => onDelete(v)}
        aria-label={t("videos.deleteLabel", { title: v.title })}
      >
        {t("delete")}
      </Button>
    </Group>
  );

  return (
    <PagedList
      {...wholeList(videos)}
      columns={[
        {
          key: "video",
          header: t("videos.video"),
          maw: 360,
          render: (v) => (
            <>
              <Text fw={600} size="sm">
                {v.title}
              </Text>
              {link(v)}
            </>
          ),
        },
        { key: "screen", header: t("videos.screen"), render: screen },
        { key: "language", header: t("videos.language"), render: language },
        { key: "actions", header: actionsHeader(t("actionsColumn")), render: (v) => actions(v, false) },
      ]}
      card={(v) => (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text fw={600} style={{ minWidth: 0, flex: 1 }}>
              {v.title}
            </Text>
            {language(v)}
          </Group>
          <Stack gap={4} mt={4}>
            {link(v)}
            <div>{screen(v)}</div>
          </Stack>
          <Divider my="sm" />
          {actions(v, true)}
        </>
      )}
    />
  );
}
