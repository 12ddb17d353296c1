import { helpVideoSource } from "@convive/domain/core";
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Center,
  Loader,
  Modal,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconHelpCircle, IconPlayerPlayFilled, IconVideoOff } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type HelpVideo, useHelpVideos } from "./api/help-videos.ts";
import classes from "./HelpButton.module.css";

/** The header's question mark: lists the current screen's help videos and plays the chosen one. */
export function HelpButton({ path }: { path: string }) {
  const { t, i18n } = useTranslation("layout");
  const [opened, setOpened] = useState(false);
  const [playing, setPlaying] = useState<HelpVideo | null>(null);
  const language = i18n.resolvedLanguage ?? "es";
  const videos = useHelpVideos(path, language, opened);
  const close = () => {
    setOpened(false);
    setPlaying(null);
  };

  return (
    <>
      <Tooltip label={t("help.button")}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t("help.button")}
          onClick={() => setOpened(true)}
        >
          <IconHelpCircle size={22} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={close} title={playing?.title ?? t("help.title")} size="lg" centered>
        {playing ? (
          <Player video={playing} onBack={() => setPlaying(null)} />
        ) : videos.isPending ? (
          <Center py="lg">
            <Loader size="sm" aria-label={t("common:loading")} />
          </Center>
        ) : videos.isError ? (
          <Alert color="red" title={t("help.loadError")}>
            {videos.error.message}
          </Alert>
        ) : videos.data.length === 0 ? (
          <Stack align="center" gap="xs" py="lg">
            <IconVideoOff size={32} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text c="gray.7" ta="center">
              {t("help.empty")}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs" component="ul" className={classes.list}>
            {videos.data.map((video) => (
              <li key={video.id}>
                <UnstyledButton className={classes.item} onClick={() => setPlaying(video)}>
                  <IconPlayerPlayFilled size={18} aria-hidden />
                  <span>{video.title}</span>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/**
 * YouTube and Vimeo links play in the provider's embedded player (the only frames the page's CSP allows); other
 * links are video files for the <video> element, from the origins the server allows (media-src).
 */
function Player({ video, onBack }: { video: HelpVideo; onBack: () => void }) {
  const { t } = useTranslation("layout");
  const [failed, setFailed] = useState(false);
  const source = helpVideoSource(video.video_url);
  return (
    <Stack gap="sm">
      {source?.kind === "embed" ? (
        <iframe
          className={`${classes.video} ${classes.embed}`}
          src={source.src}
          title={video.title}
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : failed || !source ? (
        <Alert color="gray" title={t("help.playError")}>
          <Anchor href={video.video_url} target="_blank" rel="noopener noreferrer">
            {t("help.openDirect")}
          </Anchor>
        </Alert>
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: help videos are registered by URL only; the API carries no caption files.
        <video
          className={classes.video}
          src={source.src}
          controls
          autoPlay
          preload="metadata"
          onError={() => setFailed(true)}
        />
      )}
      <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} w="fit-content">
        {t("help.back")}
      </Button>
    </Stack>
  );
}
