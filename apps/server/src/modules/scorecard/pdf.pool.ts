import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { Config } from "../../config/config.ts";
import { AppError } from "../../lib/errors.ts";
import type { PdfRequest } from "./pdf.render.ts";

/** What the module asks of its PDF workers. */
export interface PdfJobs {
  /** The scorecards drawn as one PDF (SERVER_BUSY when too many wait, FILE_TOO_COMPLEX past the time limit). */
  render(request: PdfRequest): Promise<Buffer>;
  close(): Promise<void>;
}

/** A group's PDF is a few seconds' work at most; past this something is wrong and the worker is replaced. */
const PDF_TIMEOUT_MS = 60_000;

/** Built: the emitted JavaScript beside this file, with the server's flags; from source: TypeScript through tsx. */
function workerOptions() {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts")) {
    return { filename: new URL("./pdf.worker.js", self).href, execArgv: process.execArgv };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: new URL("./pdf.worker.ts", self).href, execArgv: ["--import", tsx] };
}

/**
 * The scorecards' PDFs are drawn in worker threads (piscina), never on the event loop (engineering §1): a whole
 * group's 40 scorecards take a second or two of pdfkit, during which every other school's calls go on being
 * answered. At most FILE_WORKERS PDFs are drawn at once, FILE_JOB_QUEUE wait (then 503 SERVER_BUSY). Workers start
 * on demand and leave after a minute idle.
 */
export function createPdfPool(config: Config, log: (message: string) => void): PdfJobs {
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
        log(`scorecard PDF refused after ${Math.round(performance.now() - started)} ms`);
        throw new AppError("FILE_TOO_COMPLEX", undefined, {
          seconds: PDF_TIMEOUT_MS / 1000,
          memory: config.FILE_JOB_MEMORY_MB,
        });
      }
    },
    close: () => pool.destroy(),
  };
}
