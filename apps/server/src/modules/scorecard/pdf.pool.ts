import type { Config } from "../../config/config.ts";
import { createPdfWorkerPool, type PdfWorkerPool } from "../../lib/pdf-pool.ts";
import type { PdfRequest } from "./pdf.render.ts";

/** What the module asks of its PDF workers: the scorecards drawn as one PDF. */
export type PdfJobs = PdfWorkerPool<PdfRequest>;

/** The scorecards' PDFs, drawn in worker threads by pdf.worker.ts (lib/pdf-pool.ts says how and within what limits). */
export const createPdfPool = (config: Config, log: (message: string) => void): PdfJobs =>
  createPdfWorkerPool(config, log, { moduleUrl: import.meta.url, name: "pdf.worker", what: "scorecard" });
