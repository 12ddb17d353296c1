import type { Config } from "../../config/config.ts";
import { createPdfWorkerPool, type PdfWorkerPool } from "../../lib/pdf-pool.ts";
import type { ReportDocument } from "./report.document.ts";

export interface ReportPdfRequest {
  document: ReportDocument;
  /** The school's logo as PNG, or null. */
  logo: Uint8Array | null;
}

export type ReportPdfJobs = PdfWorkerPool<ReportPdfRequest>;

/** Reports' PDFs, drawn in worker threads like the scorecards' and the family copy's (lib/pdf-pool.ts). */
export const createReportPdfPool = (config: Config, log: (message: string) => void): ReportPdfJobs =>
  createPdfWorkerPool(config, log, { moduleUrl: import.meta.url, name: "report.worker", what: "scheduled report" });
