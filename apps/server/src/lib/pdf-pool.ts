import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { Config } from "../config/config.ts";
import { AppError } from "./errors.ts";

/** What a module asks of its PDF workers. */
export interface PdfWorkerPool<Request> {
  /** The PDF's bytes (SERVER_BUSY when too many wait, FILE_TOO_COMPLEX past the time limit). */
  render(request: Request): Promise<Buffer>;
  close(): Promise<void>;
}

/** A PDF is a few seconds of pdfkit at most; past this something is wrong and the worker is replaced. */
const PDF_TIMEOUT_MS = 60_000;

/**
 * The worker module `name` beside `moduleUrl` (the caller's import.meta.url). Built: the emitted JavaScript, with
 * the server's flags; from source: TypeScript through tsx.
 */
function workerOptions(moduleUrl: string, name: string) {
  const self = new URL(moduleUrl);
  if (!self.pathname.endsWith(".ts")) {
    return { filename: new URL(`./${name}.js`, self).href, execArgv: process.execArgv };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: new URL(`./${name}.ts`, self).href, execArgv: ["--import", tsx] };
}

/**
 * PDFs are drawn in worker threads (piscina), never on the event loop (engineering §1): a group's scorecards or a
 * family's copy of years of records take seconds of pdfkit, during which every other school's calls go on being
 * answered. At most two PDFs (FILE_WORKERS) are drawn at once per pool, FILE_JOB_QUEUE wait (then 503 SERVER_BUSY).
 * Workers start on demand and leave after a minute idle. One pool per module and worker (scorecard, family copy).
 */
export function createPdfWorkerPool<Request>(
  config: Config,
  log: (message: string) => void,
  worker: { moduleUrl: string; name: string; what: string },
): PdfWorkerPool<Request> {
  const pool = new Piscina({
    ...workerOptions(worker.moduleUrl, worker.name),
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
        log(`${worker.what} PDF refused after ${Math.round(performance.now() - started)} ms`);
        throw new AppError("FILE_TOO_COMPLEX", undefined, {
          seconds: PDF_TIMEOUT_MS / 1000,
          memory: config.FILE_JOB_MEMORY_MB,
        });
      }
    },
    close: () => pool.destroy(),
  };
}
