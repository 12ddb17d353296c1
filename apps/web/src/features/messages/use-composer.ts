import { MESSAGE_MAX_ATTACHMENTS, type ThreadMessage } from "@convive/domain";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { asEvidenceBlob } from "../../lib/evidence.ts";
import { useMaxFileSizeMb } from "../../lib/school-information.ts";
import { toast } from "../../lib/toast.ts";
import { useSendMessage } from "./api/conversation.ts";
import { uploadMessageAttachment } from "./api/files.ts";
import { attachmentProblem, composerProblem, keptUploads, sendBody, type Upload } from "./composer.ts";

/**
 * One message being written to a student's family (or, for a family, to the school): its text, files (uploaded as
 * they are chosen, so Send only names them), the urgent flag, and the send itself through the one save path (one
 * idempotency key per submission: a double press or a retry sends one message).
 */
export function useComposer({
  studentId,
  incidentId = null,
  canMarkUrgent,
  onSent,
}: {
  studentId: number;
  incidentId?: number | null;
  canMarkUrgent: boolean;
  onSent?: (message: ThreadMessage) => void;
}) {
  const { t } = useTranslation("messages");
  const maxMb = useMaxFileSizeMb();
  const [body, setBody] = useState("");
  const [urgent, setUrgent] = useState(false);
  const [uploads, setUploads] = useState<Upload[]>([]);
  /** Why the last press did not send (shown on the text field until the reader changes something). */
  const [problem, setProblem] = useState<string | null>(null);
  const next = useRef(0);
  const save = useSendMessage(studentId, { failure: (error) => error.message });

  const set = (key: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const upload = (key: number, file: File) => {
    set(key, { status: "uploading", error: undefined });
    uploadMessageAttachment(asEvidenceBlob(file)).then(
      (attachment) => set(key, { status: "done", attachment }),
      (error: Error) => set(key, { status: "failed", error: error.message }),
    );
  };

  /** Files chosen: each checked at once (type, size, how many), the accepted ones uploaded. */
  const pick = (files: File[]) => {
    let kept = keptUploads(uploads).length;
    const batch: Upload[] = files.map((file) => {
      const key = next.current++;
      const refused = attachmentProblem(file, maxMb, kept);
      if (refused) {
        const error = t(`attachments.${refused.key}`, { ...refused });
        return { key, name: file.name, size: file.size, status: "refused", error };
      }
      kept += 1;
      return { key, name: file.name, size: file.size, status: "uploading", file };
    });
    setUploads((list) => [...list.filter((u) => u.status !== "refused"), ...batch]);
    const refused = batch.find((u) => u.status === "refused");
    if (refused) toast("error", `${refused.name}: ${refused.error}`);
    for (const u of batch) if (u.file && u.status === "uploading") upload(u.key, u.file);
  };

  const retry = (key: number) => {
    const found = uploads.find((u) => u.key === key);
    if (found?.file) upload(key, found.file);
  };
  const remove = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  const reset = () => {
    setBody("");
    setUrgent(false);
    setUploads([]);
    setProblem(null);
  };

  /** Sends what is written; true once sent (the fields empty themselves), false with the reason shown. */
  const submit = async (): Promise<boolean> => {
    const blocked = composerProblem(body, uploads);
    if (blocked) {
      setProblem(t(`composer.problem.${blocked}`));
      return false;
    }
    setProblem(null);
    return save.submit(sendBody({ body, urgent, canMarkUrgent, incidentId, uploads }), (message) => {
      reset();
      onSent?.(message);
    });
  };

  return {
    body,
    setBody: (value: string) => {
      setBody(value);
      setProblem(null);
    },
    urgent,
    setUrgent,
    uploads,
    pick,
    retry,
    remove,
    problem,
    failure: save.failure,
    busy: save.busy,
    maxMb,
    full: keptUploads(uploads).length >= MESSAGE_MAX_ATTACHMENTS,
    submit,
    reset,
  };
}

export type ComposerState = ReturnType<typeof useComposer>;
