import { useState } from "react";
import { useTranslation } from "react-i18next";
import { newIdempotencyKey } from "../../lib/api.ts";
import { asEvidenceBlob } from "../../lib/evidence.ts";
import { toast } from "../../lib/toast.ts";
import { uploadEvidence } from "./api/register.ts";

/** `key`: the file's Idempotency-Key, kept for its retries (a retry after a lost answer makes one file). */
export type UploadState = {
  file: File;
  key: string;
  status: "waiting" | "uploading" | "done" | "failed";
  error?: string;
};

/**
 * Uploads the evidence one file at a time once the incident exists. A failed file keeps its reason and can be
 * retried; the incident itself is already saved whatever happens here.
 */
export function useEvidenceUploads() {
  const { t } = useTranslation("registration");
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const [incidentId, setIncidentId] = useState<number | null>(null);

  const set = (index: number, change: Partial<UploadState>) =>
    setUploads((list) => list.map((u, i) => (i === index ? { ...u, ...change } : u)));

  const send = async (id: number, index: number, file: File, key: string) => {
    set(index, { status: "uploading", error: undefined });
    try {
      await uploadEvidence(id, asEvidenceBlob(file), key);
      set(index, { status: "done" });
    } catch (error) {
      toast("error", t("saved.uploadFailed", { name: file.name }));
      set(index, { status: "failed", error: (error as Error).message });
    }
  };

  return {
    uploads,
    start: async (id: number, files: File[]) => {
      setIncidentId(id);
      const list = files.map((file) => ({ file, key: newIdempotencyKey(), status: "waiting" as const }));
      setUploads(list);
      for (const [i, upload] of list.entries()) await send(id, i, upload.file, upload.key);
    },
    retry: (index: number) => {
      const upload = uploads[index];
      if (upload && incidentId !== null) void send(incidentId, index, upload.file, upload.key);
    },
    clear: () => {
      setUploads([]);
      setIncidentId(null);
    },
  };
}
