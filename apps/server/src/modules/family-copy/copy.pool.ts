import type { Language } from "@convive/domain";
import type { Config } from "../../config/config.ts";
import { createPdfWorkerPool, type PdfWorkerPool } from "../../lib/pdf-pool.ts";
import type { FamilyCopy } from "./copy.sections.ts";

export interface CopyPdfRequest {
  copy: FamilyCopy;
  language: Language;
}

export type CopyPdfJobs = PdfWorkerPool<CopyPdfRequest>;

/**
 * The family copies' PDFs, drawn in worker threads by copy.worker.ts like the scorecards' (lib/pdf-pool.ts: never
 * on the event loop, the same limits; bench/family-copy.bench.ts).
 */
export const createCopyPdfPool = (config: Config, log: (message: string) => void): CopyPdfJobs =>
  createPdfWorkerPool(config, log, { moduleUrl: import.meta.url, name: "copy.worker", what: "family copy" });
