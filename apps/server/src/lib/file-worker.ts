import type { MessagePort } from "node:worker_threads";
import type { ErrorCode } from "@convive/domain/core";
import { Piscina } from "piscina";
import { type Archive, readArchive } from "./files/archive.ts";
import { type EvidenceType, evidenceType } from "./files/evidence.ts";
import { type Reencoded, reencodeImage } from "./files/image.ts";
import { FileRefusal } from "./files/refusal.ts";
import { type PackedTable, packTable, readTable } from "./files/table.ts";
import type { SheetLimits } from "./files/xlsx.ts";
import { ZipFormatError, ZipLimitError } from "./files/zip.ts";

/**
 * The file worker: every look inside an upload (spreadsheets, ZIPs, pictures, evidence) runs here, in a
 * worker thread of the pool in file-pool.ts, never on the server's event loop. A refusal the caller should
 * see comes back as a value (an AppError would lose its code crossing threads); anything else is a crash.
 */
export type FileTask =
  | { name: "table"; data: Uint8Array; limits: SheetLimits }
  | {
      name: "archive";
      data: Uint8Array;
      caps: { maxEntries: number; maxTotalBytes: number };
      maxEntryBytes: number;
    }
  | { name: "image"; data: Uint8Array; maxPixels: number }
  | { name: "evidence"; data: Uint8Array; declared: string; maxPixels: number };

export interface Refusal {
  code: ErrorCode;
  fields?: Record<string, ErrorCode>;
  params?: Record<string, string | number>;
}

export type TaskOutcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export interface TaskValues {
  table: PackedTable;
  archive: Archive;
  image: Reencoded;
  evidence: { type: EvidenceType | null; data: Uint8Array };
}

/** Hands the value back, moving (not copying) the buffers it holds to the server's thread. */
const moved = <T>(value: T, buffers: ArrayBufferView[]) => {
  const transfer = [...new Set(buffers.map((b) => b.buffer))];
  return Piscina.move({
    [Piscina.transferableSymbol]: transfer,
    [Piscina.valueSymbol]: { ok: true, value } satisfies TaskOutcome<T>,
  } as unknown as ArrayBuffer);
};

async function perform(task: FileTask) {
  switch (task.name) {
    case "table": {
      const table = packTable(readTable(task.data, task.limits));
      return moved(table, [table.ends, table.numbers, table.widths]);
    }
    case "archive": {
      const archive = readArchive(task.data, task.caps, task.maxEntryBytes);
      return moved(archive, [archive.bytes]);
    }
    case "image":
      // sharp's output lives outside V8's heap and cannot be moved; a re-encoded picture is small to copy.
      return { ok: true, value: await reencodeImage(task.data, task.maxPixels) } satisfies TaskOutcome<Reencoded>;
    case "evidence": {
      const bytes = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
      const type = evidenceType(task.declared, bytes);
      // Pictures of minors are re-encoded, which drops EXIF (GPS position, camera) and other metadata.
      const picture = type === "image/jpeg" || type === "image/png" || type === "image/webp";
      if (picture) return { ok: true, value: { type, data: (await reencodeImage(task.data, task.maxPixels)).data } };
      return moved({ type, data: task.data }, [task.data]);
    }
  }
}

export default async function runFileTask(task: FileTask & { started?: MessagePort }) {
  // The pool's time limit runs from here: a worker that was still starting up is not the file's fault.
  task.started?.postMessage(true);
  task.started?.close();
  try {
    return await perform(task);
  } catch (error) {
    if (error instanceof FileRefusal) {
      return { ok: false, refusal: { code: error.code, fields: error.fields, params: error.params } };
    }
    if (error instanceof ZipFormatError) return { ok: false, refusal: { code: "INVALID_ZIP" } };
    if (error instanceof ZipLimitError && task.name === "archive") {
      const size = Math.round(task.caps.maxTotalBytes / 1024 / 1024);
      return { ok: false, refusal: { code: "ARCHIVE_TOO_LARGE", params: { size, max: task.caps.maxEntries } } };
    }
    throw error;
  }
}
