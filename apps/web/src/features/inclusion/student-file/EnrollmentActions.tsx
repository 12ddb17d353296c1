import type { ConditionedEnrollment } from "@convive/domain";
import { Button, FileButton, Group } from "@mantine/core";
import { IconLock, IconPencil, IconSignature, IconUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { newIdempotencyKey } from "../../../lib/api.ts";
import { asEvidenceBlob, EVIDENCE_ACCEPT, evidenceType, MB } from "../../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../../lib/school-information.ts";
import { toast } from "../../../lib/toast.ts";
import { uploadSupportFile } from "../api/files.ts";
import { useUpdateEnrollment } from "../api/inclusion.ts";
import { OutcomeModal } from "./OutcomeModal.tsx";

/**
 * What staff holding inclusion.update do with an open conditioned enrollment: edit it, record that the student
 * signed (in person), upload the signed paper letter, and close it with its outcome.
 */
export function EnrollmentActions(props: {
  enrollment: ConditionedEnrollment;
  studentName: string;
  onEdit: () => void;
}) {
  const { enrollment: e } = props;
  const { t } = useTranslation("inclusion");
  const maxMb = useMaxFileSizeMb();
  const [dialog, setDialog] = useState<"student" | "outcome" | null>(null);
  const [uploading, setUploading] = useState(false);
  const resetRef = useRef<() => void>(null);
  const signed = useUpdateEnrollment({ success: t("letter.studentRecorded") });
  const paper = useUpdateEnrollment({ success: t("letter.paperSaved") });
  const studentSigned = e.acknowledgements.some((a) => a.role === "student");

  const upload = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    if (!evidenceType(file)) return void toast("error", t("files.wrongType", { name: file.name }));
    if (file.size > maxMb * MB) return void toast("error", t("files.tooLarge", { name: file.name, size: maxMb }));
    setUploading(true);
    try {
      const stored = await uploadSupportFile(asEvidenceBlob(file), file.name, newIdempotencyKey());
      await paper.submit({ id: e.id, signed_letter_id: stored.id });
    } catch (error) {
      toast("error", (error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} onClick={props.onEdit}>
          {t("enrollment.edit")}
        </Button>
        {!studentSigned && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconSignature size={14} aria-hidden />}
            onClick={() => setDialog("student")}
          >
            {t("letter.studentSigned")}
          </Button>
        )}
        <FileButton onChange={(file) => void upload(file)} accept={EVIDENCE_ACCEPT} resetRef={resetRef}>
          {(p) => (
            <Button
              {...p}
              size="xs"
              variant="default"
              loading={uploading}
              leftSection={<IconUpload size={14} aria-hidden />}
            >
              {t(e.signed_letter ? "letter.replacePaper" : "letter.uploadPaper")}
            </Button>
          )}
        </FileButton>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconLock size={14} aria-hidden />}
          onClick={() => setDialog("outcome")}
        >
          {t("enrollment.close")}
        </Button>
      </Group>
      <ConfirmDialog
        opened={dialog === "student"}
        title={t("letter.studentSignedTitle", { name: props.studentName })}
        message={t("letter.studentSignedMessage", { name: props.studentName })}
        confirmLabel={t("letter.studentSigned")}
        busy={signed.busy}
        onConfirm={() => void signed.submit({ id: e.id, student_acknowledged: true }, () => setDialog(null))}
        onClose={() => setDialog(null)}
      />
      {dialog === "outcome" && (
        <OutcomeModal enrollmentId={e.id} studentName={props.studentName} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
