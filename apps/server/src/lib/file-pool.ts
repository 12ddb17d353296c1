import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";
import { IMPORT_MAX_ROWS } from "@convive/domain";
import { Piscina } from "piscina";
// sharp runs in the workers, but on Linux it must be loaded by the main thread first, so that its shared
// library stays loaded while workers come and go (sharp's documentation, "Worker threads").
import "sharp";
import type { Config } from "../config/config.ts";
import { AppError } from "./errors.ts";
import type { FileTask, TaskOutcome, TaskValues } from "./file-worker.ts";
import type { EvidenceType } from "./files/evidence.ts";
import type { ImageType } from "./files/image-type.ts";
import { type Table, unpackTable } from "./files/table.ts";

const MB = 1024 * 1024;
/** A small ZIP may always inflate this far, whatever ZIP_MAX_RATIO says (a few photos that happen to compress). */
const ZIP_RATIO_FLOOR_BYTES = 16 * MB;
/** A worker that has not even started a task after this long (on top of the time limit) is given up on. */
const WORKER_START_MS = 30_000;

export interface ArchiveFile {
  name: string;
  /** Null when the file was larger than allowed (tooBig) or corrupt (broken). */
  data: Buffer | null;
  tooBig: boolean;
  broken: boolean;
}

/** What the server asks of its file workers; each call answers or throws the AppError a caller should see. */
export interface FileJobs {
  /** The first sheet of an XLSX or a CSV (IMPORT_* errors). */
  readTable(data: Buffer): Promise<Table>;
  /** The files of a ZIP of photos, each read up to `maxEntryBytes` (INVALID_ZIP, ARCHIVE_TOO_LARGE). */
  readArchive(data: Buffer, maxEntryBytes: number): Promise<ArchiveFile[]>;
  /** A picture re-encoded without metadata (INVALID_IMAGE, IMAGE_TOO_MANY_PIXELS). */
  reencodeImage(data: Buffer): Promise<{ type: ImageType; ext: string; data: Buffer }>;
  /** An evidence file's real type (null: refuse), pictures re-encoded. */
  inspectEvidence(declared: string, data: Buffer): Promise<{ type: EvidenceType | null; data: Buffer }>;
  close(): Promise<void>;
}

/**
 * Built (`npm run build`, `node --conditions=convive-built apps/server/dist/main.js`): the worker is the emitted
 * JavaScript beside this file and gets the server's own flags, so that it too loads @convive/domain's built
 * JavaScript (a worker given no flags would resolve the package to its TypeScript source). Run from source (tests,
 * `npm run dev`): the worker is TypeScript and loads through tsx, a dev dependency.
 */
function workerOptions() {
  const self = new URL(import.meta.url);
  if (!self.pathname.endsWith(".ts")) {
    return { filename: new URL("./file-worker.js", self).href, execArgv: process.execArgv };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  return { filename: new URL("./file-worker.ts", self).href, execArgv: ["--import", tsx] };
}

/** A Uint8Array over its own ArrayBuffer, which can be moved to a worker (a small Buffer shares Node's pool). */
const movable = (data: Buffer): Uint8Array =>
  data.byteLength > 0 && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength
    ? data
    : new Uint8Array(data);
const asBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/**
 * The pool of file workers (piscina). At most FILE_WORKERS files are looked into at once and FILE_JOB_QUEUE
 * wait (then 503 SERVER_BUSY); each gets FILE_JOB_TIMEOUT_SECONDS from the moment a worker takes it and
 * FILE_JOB_MEMORY_MB of heap. A file past either is refused with FILE_TOO_COMPLEX and its worker is
 * stopped; piscina starts a fresh one for the next file. Workers start on demand and leave after a minute idle.
 */
export function createFilePool(config: Config, log: (message: string) => void): FileJobs {
  const threads = config.FILE_WORKERS;
  const pool = new Piscina({
    ...workerOptions(),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: config.FILE_JOB_MEMORY_MB },
    // Background work: when cores are short, the OS runs the event loop's thread first (nice 10 weighs ≈1/9).
    niceIncrement: 10,
  });
  const timeoutMs = config.FILE_JOB_TIMEOUT_SECONDS * 1000;
  const maxPixels = config.IMAGE_MAX_MEGAPIXELS * 1_000_000;
  let running = 0;
  const waiting: (() => void)[] = [];

  /** A worker slot: the time limit starts only once a worker is free, never while a file waits its turn. */
  async function slot() {
    if (running < threads) {
      running++;
      return;
    }
    if (waiting.length >= config.FILE_JOB_QUEUE) throw new AppError("SERVER_BUSY");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release() {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  /**
   * Runs a task with the time limit armed when the worker starts it (it says so through `started`), so that a
   * worker's own start-up is never counted; the abort stops the worker mid-task (piscina replaces it).
   */
  async function run<N extends FileTask["name"]>(task: Extract<FileTask, { name: N }>): Promise<TaskValues[N]> {
    await slot();
    const started = performance.now();
    const abort = new AbortController();
    const channel = new MessageChannel();
    let timer = setTimeout(() => abort.abort(), timeoutMs + WORKER_START_MS);
    channel.port1.once("message", () => {
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(), timeoutMs);
    });
    let outcome: TaskOutcome<TaskValues[N]>;
    try {
      outcome = await pool.run(
        { ...task, started: channel.port2 },
        { signal: abort.signal, transferList: [task.data.buffer as ArrayBuffer, channel.port2] },
      );
    } catch (error) {
      const { name, code } = error as { name?: string; code?: string };
      if (name !== "AbortError" && code !== "ERR_WORKER_OUT_OF_MEMORY") throw error;
      const why = name === "AbortError" ? `over ${timeoutMs} ms` : `over ${config.FILE_JOB_MEMORY_MB} MB`;
      log(`file job ${task.name} refused after ${Math.round(performance.now() - started)} ms: ${why}`);
      throw new AppError("FILE_TOO_COMPLEX", undefined, {
        seconds: config.FILE_JOB_TIMEOUT_SECONDS,
        memory: config.FILE_JOB_MEMORY_MB,
      });
    } finally {
      clearTimeout(timer);
      channel.port1.close();
      release();
    }
    if (!outcome.ok) throw new AppError(outcome.refusal.code, outcome.refusal.fields, outcome.refusal.params);
    return outcome.value;
  }

  return {
    async readTable(data) {
      const packed = await run({
        name: "table",
        data: movable(data),
        limits: {
          maxRows: IMPORT_MAX_ROWS,
          maxColumns: config.IMPORT_MAX_COLUMNS,
          maxInflatedBytes: config.IMPORT_MAX_INFLATED_MB * MB,
        },
      });
      return unpackTable(packed);
    },
    async readArchive(data, maxEntryBytes) {
      const maxTotalBytes = Math.min(
        config.ZIP_MAX_INFLATED_MB * MB,
        Math.max(ZIP_RATIO_FLOOR_BYTES, Math.ceil(data.length * config.ZIP_MAX_RATIO)),
      );
      const archive = await run({
        name: "archive",
        data: movable(data),
        caps: { maxEntries: config.ZIP_MAX_ENTRIES, maxTotalBytes },
        maxEntryBytes,
      });
      const bytes = asBuffer(archive.bytes);
      return archive.entries.map((e) => ({
        name: e.name,
        data: e.length < 0 ? null : bytes.subarray(e.offset, e.offset + e.length),
        tooBig: e.tooBig,
        broken: e.broken,
      }));
    },
    async reencodeImage(data) {
      const image = await run({ name: "image", data: movable(data), maxPixels });
      return { ...image, data: asBuffer(image.data) };
    },
    async inspectEvidence(declared, data) {
      const found = await run({ name: "evidence", data: movable(data), declared, maxPixels });
      return { type: found.type, data: asBuffer(found.data) };
    },
    close: () => pool.destroy(),
  };
}
