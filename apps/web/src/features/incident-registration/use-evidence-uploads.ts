import { useState } from "react";
import { useTranslation } from "react-i18next";
import { asEvidenceBlob } from "../../lib/evidence.ts";
import { toast } from "../../lib/toast.ts";
import { uploadEvidence } from "./api/register.ts";

export type UploadState = { file: File; status: "waiting" | "uploading" | "done" | "failed"; error?: string };

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

  const send = async (id: number, index: number, file: File) => {
    set(index, { status: "uploading", error: undefined });
    try {
      await uploadEvidence(id, asEvidenceBlob(file));
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
      setUploads(files.map((file) => ({ file, status: "waiting" })));
      for (const [i, file] of files.entries()) await send(id, i, file);
    },
    retry: (index: number) => {
      const upload = uploads[index];
      if (upload && incidentId !== null) void send(incidentId, index, upload.file);
    },
    clear: () => {
      setUploads([]);
      setIncidentId(null);
    },
  };
}
