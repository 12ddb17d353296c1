import { type AdminHelpVideo, CreateHelpVideoBody } from "@convive/domain";
import { LAYOUT_ROUTES } from "@convive/domain/core";
import { Autocomplete, Input, SegmentedControl, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { useSaveHelpVideo } from "../api/help-videos.ts";

interface Values {
  title: string;
  video_url: string;
  screen_url: string;
  language: "es" | "en";
}

interface Props {
  video: AdminHelpVideo | null;
  opened: boolean;
  onClose: () => void;
}

/** The title of the screen a path belongs to, for the screen picker and the list. */
export function useScreenTitles() {
  const { t } = useTranslation(["common", "shell"]);
  return useMemo(() => new Map(LAYOUT_ROUTES.map((r) => [`/${r.path.toLowerCase()}`, t(r.titleKey)])), [t]);
}

/** A help video attached to a screen: pick one of the app's screens or type any path of the app. */
export function HelpVideoForm(props: Props) {
  return <HelpVideoFormModal key={`${props.video?.id ?? "new"}-${props.opened}`} {...props} />;
}

function HelpVideoFormModal({ video, opened, onClose }: Props) {
  const { t, i18n } = useTranslation("admin");
  const titles = useScreenTitles();
  const form = useForm<Values>({
    initialValues: {
      title: video?.title ?? "",
      video_url: video?.video_url ?? "",
      screen_url: video?.screen_url ?? "",
      language: (video?.language as "es" | "en") ?? (i18n.resolvedLanguage === "en" ? "en" : "es"),
    },
    validate: (values) =>
      schemaErrors(CreateHelpVideoBody, values, t, {
        screen_url: { invalid_format: t("videos.screenRule") },
      }),
  });
  const screens = useMemo(() => [...titles.keys()], [titles]);

  const save = useSaveHelpVideo(video?.id ?? null, { form });
  const submit = form.onSubmit((values) => save.submit({ ...values, screen_url: values.screen_url.trim() }, onClose));

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={video ? t("videos.editTitle") : t("videos.createTitle")}
      onSubmit={submit}
      busy={save.busy}
      failure={save.failure}
      submitLabel={video ? t("common:actions.save") : t("videos.create")}
    >
      <TextInput label={t("videos.title")} required data-autofocus {...form.getInputProps("title")} />
      <TextInput
        label={t("videos.videoUrl")}
        description={t("videos.videoUrlHint")}
        type="url"
        inputMode="url"
        placeholder="https://"
        required
        {...form.getInputProps("video_url")}
      />
      <Autocomplete
        label={t("videos.screen")}
        description={t("videos.screenHint")}
        placeholder="/register"
        required
        data={screens}
        limit={60}
        maxDropdownHeight={280}
        autoCapitalize="none"
        spellCheck={false}
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{titles.get(option.value) ?? option.value}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {option.value}
            </Text>
          </div>
        )}
        {...form.getInputProps("screen_url")}
      />
      <Input.Wrapper
        label={t("videos.language")}
        labelElement="div"
        labelProps={{ id: "video-language", style: { display: "block" } }}
      >
        <SegmentedControl
          aria-labelledby="video-language"
          data={[
            { value: "es", label: t("common:language.esLong") },
            { value: "en", label: t("common:language.enLong") },
          ]}
          {...form.getInputProps("language")}
        />
      </Input.Wrapper>
    </FormModal>
  );
}
