import type { DryRunResponse, ImportJob, ImportKind } from "@convive/domain";
import { REQUEST_TIMEOUT_MS } from "@convive/domain/core";
import { useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api.ts";
import { useMcKey } from "../shared/keys.ts";
import { postRaw } from "../shared/upload.ts";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A file whose type the browser left empty gets one from its name (the server reads the body by type). */
export function typed(file: File, fallback: string): File {
  if (file.type) return file;
  const lower = file.name.toLowerCase();
  const type = lower.endsWith(".csv")
    ? "text/csv"
    : lower.endsWith(".xlsx")
      ? XLSX
      : lower.endsWith(".zip")
        ? "application/zip"
        : fallback;
  return new File([file], file.name, { type });
}

/** Downloads the template of a kind, in the user's language, as XLSX or CSV (an authenticated GET). */
export async function downloadTemplate(kind: ImportKind, format: "xlsx" | "csv") {
  const file = await download(`/api/imports/templates/${kind}?format=${format}`, {
    timeoutMs: REQUEST_TIMEOUT_MS.mobile,
  });
  const name = file.name ?? `${kind}.${format}`;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const dryRun = (kind: ImportKind, file: File) =>
  postRaw<{ data: DryRunResponse }>(`/api/imports/${kind}/dry-run`, typed(file, "application/octet-stream")).then(
    (r) => r.data,
  );

export const commit = (kind: ImportKind, file: File) =>
  postRaw<{ data: { job: ImportJob } }>(`/api/imports/${kind}/commit`, typed(file, "application/octet-stream")).then(
    (r) => r.data.job,
  );

/** A commit's job, polled every second while it is processing. */
export function useImportJob(id: string | null) {
  const key = useMcKey();
  return useQuery({
    queryKey: key("import-job", id),
    queryFn: () => api<{ data: { job: ImportJob } }>(`/api/imports/jobs/${id}`).then((r) => r.data.job),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.status === "error" || (query.state.data && query.state.data.status !== "processing") ? false : 1000,
    gcTime: 0,
  });
}
