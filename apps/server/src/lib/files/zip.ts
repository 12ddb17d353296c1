import { type FlateError, Inflate, Unzip, type UnzipDecoder, UnzipPassThrough } from "fflate";

/**
 * A ZIP walked entry by entry, inflating only the entries a caller asks for and never past the caps: every
 * byte is counted as it comes out of the inflater, the sizes the headers declare are never trusted (a zip bomb
 * declares what it likes). Runs in a file worker (lib/file-pool.ts): nothing here may block the event loop
 * of the server because nothing here runs on it.
 */

/** Why a walk stopped: more entries, or more inflated bytes in all, than the caps allow. */
export class ZipLimitError extends Error {
  constructor(readonly reason: "entries" | "total") {
    super(`zip limit: ${reason}`);
  }
}

/** Not a ZIP, or one whose structure cannot be followed. */
export class ZipFormatError extends Error {}

export interface ZipCaps {
  /** Entries of any kind (folders too): past this the walk stops with ZipLimitError("entries"). */
  maxEntries: number;
  /** Inflated bytes of every entry read, together: past this the walk stops with ZipLimitError("total"). */
  maxTotalBytes: number;
}

/** What a caller does with one entry's bytes, as they are inflated. */
export interface EntrySink {
  /** This entry stops here: past it the sink gets `onEnd(true)` and no byte more is inflated. */
  maxBytes: number;
  onData: (chunk: Uint8Array) => void;
  /** `tooBig`: cut at maxBytes; `error`: the entry's data is corrupt or of an unknown compression. */
  onEnd: (outcome: { tooBig: boolean; error: boolean }) => void;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The archive is fed to fflate this much at a time, so a stop takes effect within one slice. */
const SLICE = 64 * 1024;
/**
 * Compressed bytes inflated per step. DEFLATE expands at most ≈1 032×, so one step can overshoot a cap by at
 * most ≈8 MB before the count stops it; fflate itself would inflate a whole pushed chunk in one go.
 */
const STEP = 8 * 1024;

export const isZip = (data: Uint8Array) => data.length >= 4 && ZIP_MAGIC.every((b, i) => data[i] === b);

/** fflate's DEFLATE decoder for ZIP entries, fed in small steps and silenced by terminate(). */
class SteppedInflate implements UnzipDecoder {
  static readonly compression = 8;
  ondata: UnzipDecoder["ondata"] = () => {};
  private stopped = false;
  private readonly out: [Uint8Array<ArrayBuffer>, boolean][] = [];
  private readonly inflate = new Inflate((data, final) => this.out.push([data, final]));

  push(chunk: Uint8Array, final: boolean) {
    let offset = 0;
    while (!this.stopped) {
      const part = chunk.subarray(offset, offset + STEP);
      offset += STEP;
      try {
        this.inflate.push(part, final && offset >= chunk.length);
      } catch (error) {
        this.stopped = true;
        this.ondata(error as FlateError, new Uint8Array(0), true);
        return;
      }
      // Handed on outside the try: a reader's own error is not a corrupt entry.
      for (const [data, last] of this.out.splice(0)) if (!this.stopped) this.ondata(null, data, last);
      if (offset >= chunk.length) return;
    }
  }

  terminate() {
    this.stopped = true;
  }
}

/**
 * Walks the entries of `data` in order. `pick` sees each entry's name (and the size its header claims, which
 * may only be used to refuse sooner) and answers a sink to read it into, or null to skip it uninflated.
 * Throws ZipFormatError for what is not a ZIP, ZipLimitError past the caps.
 */
export function walkZip(
  data: Uint8Array,
  caps: ZipCaps,
  pick: (name: string, declaredSize: number | undefined) => EntrySink | null,
): void {
  if (!isZip(data)) throw new ZipFormatError("not a zip");
  let entries = 0;
  let total = 0;
  // An object, not a let: the callbacks below set it, and TypeScript would narrow a plain variable to null.
  const stop: { limit: ZipLimitError | null; failure?: unknown } = { limit: null };

  const unzip = new Unzip((file) => {
    if (stop.limit || stop.failure) return;
    if (++entries > caps.maxEntries) {
      stop.limit = new ZipLimitError("entries");
      return;
    }
    const sink = pick(file.name, file.originalSize);
    if (!sink) return;
    let size = 0;
    let ended = false;
    const end = (outcome: { tooBig: boolean; error: boolean }) => {
      if (ended) return;
      ended = true;
      if (outcome.tooBig || outcome.error) file.terminate();
      sink.onEnd(outcome);
    };
    const receive = (error: Error | null, chunk: Uint8Array, final: boolean) => {
      if (error) return end({ tooBig: false, error: true });
      size += chunk.length;
      total += chunk.length;
      if (total > caps.maxTotalBytes) {
        stop.limit = new ZipLimitError("total");
        return end({ tooBig: true, error: false });
      }
      if (size > sink.maxBytes) return end({ tooBig: true, error: false });
      if (chunk.length > 0) sink.onData(chunk);
      if (final) end({ tooBig: false, error: false });
    };
    file.ondata = (error, chunk, final) => {
      if (ended || stop.failure) return;
      try {
        receive(error, chunk, final);
      } catch (failure) {
        // The reader's own error (a malformed sheet, too many rows): the walk ends and rethrows it as it is.
        stop.failure = failure;
        ended = true;
        file.terminate();
      }
    };
    try {
      file.start();
    } catch (error) {
      file.ondata(error as FlateError, new Uint8Array(0), true);
    }
  });
  unzip.register(UnzipPassThrough);
  unzip.register(SteppedInflate);

  try {
    for (let offset = 0; offset < data.length && !stop.limit && !stop.failure; offset += SLICE) {
      unzip.push(data.subarray(offset, offset + SLICE), offset + SLICE >= data.length);
    }
  } catch (error) {
    if (stop.failure === undefined && !stop.limit) throw new ZipFormatError(String(error));
  }
  if (stop.failure !== undefined) throw stop.failure;
  if (stop.limit) throw stop.limit;
}

/** Folders, macOS resource forks and hidden files (.DS_Store): never a user's file. */
export function isClutter(name: string): boolean {
  const base = name.split("/").pop() ?? "";
  return name.endsWith("/") || name.startsWith("__MACOSX/") || base.startsWith(".") || base === "";
}

/** Every entry name of an archive, nothing inflated (e.g. to tell a Word document from any ZIP). */
export function zipNames(data: Uint8Array, maxEntries: number): string[] {
  const names: string[] = [];
  walkZip(data, { maxEntries, maxTotalBytes: 0 }, (name) => {
    names.push(name);
    return null;
  });
  return names;
}
