import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import type { Language } from "@convive/domain";
import { Piscina } from "piscina";
import type { Config } from "../../config/config.ts";
import { AppError } from "../../lib/errors.ts";
import type { FamilyCopy } from "./copy.sections.ts";

export interface CopyPdfRequest {
  copy: FamilyCopy;
  language: Language;
}

export interface CopyPdfJobs {
  render(request: CopyPdfRequest): Promise<Buffer>;
  close(): Promise<void>;
}

/** A copy of a child with years of records is a few seconds of pdfkit; past this something is wrong. */
const PDF_TIMEOUT_MS = 60_000;

function workerOptions() {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts")) {
    return { filename: new URL("./copy.worker.js", self).href, execArgv: process.execArgv };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: new URL("./copy.worker.ts", self).href, execArgv: ["--import", tsx] };
}

/**
 * The family copies' PDFs are drawn in worker threads (piscina) like the scorecards' (scorecard/pdf.pool.ts, same
 * limits): never on the event loop, so every other school's calls go on being answered while a copy of hundreds
 * of records is drawn (bench/family-copy.bench.ts). At most two at once, FILE_JOB_QUEUE wait (then 503).
 */
export function createCopyPdfPool(config: Config, log: (message: string) => void): CopyPdfJobs {
  const pool = new Piscina({
    ...workerOptions(),
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(config.FILE_WORKERS, 2)),
    maxQueue: config.FILE_JOB_QUEUE,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: Math.max(config.FILE_JOB_MEMORY_MB, 256) },
    niceIncrement: 10,
  });
  return {
    async render(request) {
      if (pool.queueSize >= config.FILE_JOB_QUEUE) throw new AppError("SERVER_BUSY");
      const started = performance.now();
      try {
        const bytes = (await pool.run(request, { signal: AbortSignal.timeout(PDF_TIMEOUT_MS) })) as Uint8Array;
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        const { name } = error as { name?: string };
        if (name !== "AbortError" && name !== "TimeoutError") throw error;
        log(`family copy PDF refused after ${Math.round(performance.now() - started)} ms`);
        throw new AppError("FILE_TOO_COMPLEX", undefined, {
          seconds: PDF_TIMEOUT_MS / 1000,
          memory: config.FILE_JOB_MEMORY_MB,
        });
      }
    },
    close: () => pool.destroy(),
  };
}
