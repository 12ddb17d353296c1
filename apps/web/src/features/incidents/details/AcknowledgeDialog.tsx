import { ACK_COMMENT_MAX, AcknowledgeBody } from "@convive/domain";
import { Checkbox, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { toast } from "../../../lib/toast.ts";
import { type AckTarget, useAcknowledge } from "../api/acknowledgements.ts";
import { DetailModal } from "./DetailModal.tsx";

/**
 * "Enterado" with an optional comment, or "No estoy de acuerdo" with what the family disagrees with (issue 30 §1).
 * On a phone the dialog takes the screen (room for the keyboard); a quiet toast confirms and the card says since when.
 */
export function AcknowledgeDialog({
  target,
  title,
  intro,
  onClose,
  onDone,
}: {
  target: AckTarget;
  title: string;
  intro: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("incidentDetails");
  const form = useForm({
    initialValues: { disagrees: false, comment: "" },
    validate: (v) => schemaErrors(AcknowledgeBody, v, t, { comment: { custom: t("acknowledgement.disagreeMissing") } }),
  });
  const save = useAcknowledge(target, { form, success: false });
  const disagrees = form.values.disagrees;
  return (
    <DetailModal
      opened
      size="md"
      onClose={onClose}
      title={title}
      onSubmit={form.onSubmit((v) =>
        save.submit(v, () => {
          toast("success", t("acknowledgement.done"));
          onDone();
        }),
      )}
      busy={save.busy}
      failure={save.failure}
      submitLabel={t("acknowledgement.submit")}
    >
      <Text size="sm">{intro}</Text>
      <Checkbox
        label={t("acknowledgement.disagree")}
        description={t("acknowledgement.disagreeHint")}
        {...form.getInputProps("disagrees", { type: "checkbox" })}
      />
      <Textarea
        label={t(disagrees ? "acknowledgement.disagreement" : "acknowledgement.comment")}
        description={disagrees ? undefined : t("acknowledgement.optional")}
        required={disagrees}
        autosize
        minRows={3}
        maxLength={ACK_COMMENT_MAX}
        {...form.getInputProps("comment")}
      />
    </DetailModal>
  );
}
