import { ANNOUNCEMENT_TITLE_MAX, MESSAGE_MAX_LENGTH, SendAnnouncementBody } from "@convive/domain";
import { Alert, Select, Skeleton, Switch, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormModal } from "../../../components/FormModal.tsx";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { useAnnouncementAudiences, useSendAnnouncement } from "../api/announcements.ts";
import { audienceGroups, audienceOf } from "../counts.ts";
import { AttachmentsField, type Upload, uploadedIds, uploadsSettled } from "./AttachmentsField.tsx";

interface Values {
  audience: string | null;
  title: string;
  body: string;
  needs_confirmation: boolean;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The announcement just sent (the panel opens it, with its figures). */
  onSent: (id: number) => void;
}

/** "Nuevo aviso": a fresh form each time it opens. */
export function ComposeAnnouncementModal(props: Props) {
  return props.opened ? <ComposeForm {...props} /> : null;
}

function ComposeForm({ opened, onClose, onSent }: Props) {
  const { t } = useTranslation("announcements");
  const audiences = useAnnouncementAudiences(opened);
  const groups = useMemo(() => audienceGroups(t, audiences.data ?? []), [t, audiences.data]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [waitUploads, setWaitUploads] = useState(false);

  const form = useForm<Values>({
    initialValues: { audience: null, title: "", body: "", needs_confirmation: false },
    validate: (values) => {
      const errors = schemaErrors(SendAnnouncementBody, { ...values, audience: audienceOf(values.audience) }, t);
      // The schema names the audience's parts ("audience.kind"); the picker is one field.
      const audience = Object.keys(errors).some((k) => k.startsWith("audience"));
      for (const k of Object.keys(errors)) if (k.startsWith("audience.")) delete errors[k];
      if (audience) errors.audience = t("common:messages.emptyFields");
      return errors;
    },
  });
  const save = useSendAnnouncement({
    form,
    success: t("compose.sent"),
    failure: t("compose.sendFailed"),
    serverErrors: (errors) => {
      const fields: Record<string, string> = {};
      const rest: string[] = [];
      for (const [path, message] of Object.entries(errors)) {
        const field = path.startsWith("audience") ? "audience" : path;
        if (["audience", "title", "body", "needs_confirmation"].includes(field)) fields[field] ??= message;
        else rest.push(message);
      }
      return { fields, rest };
    },
  });

  const submit = form.onSubmit((values) => {
    if (!uploadsSettled(uploads)) {
      setWaitUploads(true);
      toast("error", t("compose.waitUploads"));
      return;
    }
    setWaitUploads(false);
    void save.submit(
      {
        audience: audienceOf(values.audience)!,
        title: values.title.trim(),
        body: values.body.trim(),
        needs_confirmation: values.needs_confirmation,
        attachment_ids: uploadedIds(uploads),
      },
      (sent) => {
        onClose();
        if (sent && typeof sent === "object" && "id" in sent) onSent(sent.id);
      },
    );
  });

  const noAudiences = audiences.isSuccess && audiences.data.length === 0;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={t("compose.title")}
      onSubmit={submit}
      save={save}
      submitLabel={t("compose.send")}
    >
      {audiences.isPending ? (
        <Skeleton h={60} radius="md" />
      ) : noAudiences ? (
        <Alert color="blue" variant="light">
          {t("compose.noAudiences")}
        </Alert>
      ) : (
        <Select
          label={t("compose.audience")}
          description={t("compose.audienceHint")}
          placeholder={t("compose.audiencePlaceholder")}
          required
          searchable
          data-autofocus
          data={groups}
          nothingFoundMessage={t("compose.noAudiences")}
          comboboxProps={{ withinPortal: true }}
          error={audiences.isError ? audiences.error.message : undefined}
          {...form.getInputProps("audience")}
        />
      )}
      <TextInput
        label={t("compose.subject")}
        required
        maxLength={ANNOUNCEMENT_TITLE_MAX}
        {...form.getInputProps("title")}
      />
      <Textarea
        label={t("compose.body")}
        description={t("compose.bodyHint")}
        required
        autosize
        minRows={4}
        maxRows={12}
        maxLength={MESSAGE_MAX_LENGTH}
        {...form.getInputProps("body")}
      />
      <Switch
        label={t("compose.needsConfirmation")}
        description={t("compose.needsConfirmationHint")}
        size="md"
        {...form.getInputProps("needs_confirmation", { type: "checkbox" })}
      />
      <AttachmentsField uploads={uploads} onChange={setUploads} disabled={save.busy} />
      {waitUploads && !uploadsSettled(uploads) && (
        <Alert color="red" variant="light" role="alert">
          {t("compose.waitUploads")}
        </Alert>
      )}
    </FormModal>
  );
}
