import { inflateRawSync } from "node:zlib";
import { type FlateError, Unzip, type UnzipDecoder } from "fflate";

/**
 * A ZIP walked entry by entry, inflating only the entries a caller asks for and never past the caps: the
 * inflater itself stops at the cap, the sizes the headers declare are never trusted (a zip bomb declares what
 * it likes). Runs in a file worker (lib/file-pool.ts): nothing here may block the event loop
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
  /** This entry stops here: past it the sink gets `onEnd({ tooBig: true })` and no byte more is inflated. */
  maxBytes: number;
  onData: (chunk: Uint8Array) => void;
  /** `tooBig`: cut at maxBytes; `error`: the entry's data is corrupt or of an unknown compression. */
  onEnd: (outcome: { tooBig: boolean; error: boolean }) => void;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** The archive is fed to fflate this much at a time, so a stop takes effect within one slice. */
const SLICE = 64 * 1024;
/** Inflated bytes are handed to a reader this much at a time (an XML parser never sees one huge string). */
const PIECE = 1024 * 1024;

export const isZip = (data: Uint8Array) => data.length >= 4 && ZIP_MAGIC.every((b, i) => data[i] === b);

/**
 * fflate finds the entries and their compressed bytes (stored or DEFLATE); this decoder only gathers those,
 * and walkZip inflates them with zlib, which is native (≈10× fflate's speed on a zip bomb's runs of zeros)
 * and stops by itself at maxOutputLength: an entry is never inflated past its cap.
 */
function gathering(compression: number) {
  return class Gathering implements UnzipDecoder {
    static readonly compression = compression;
    ondata: UnzipDecoder["ondata"] = () => {};
    private readonly chunks: Uint8Array[] = [];
    private stopped = false;

    push(chunk: Uint8Array, final: boolean) {
      if (this.stopped) return;
      this.chunks.push(chunk);
      if (final) this.ondata(null, Buffer.concat(this.chunks) as Uint8Array<ArrayBuffer>, true);
    }

    terminate() {
      this.stopped = true;
    }
  };
}

/**
 * Walks the entries of `data` in order. `pick` sees each entry's name (and the size its header claims, which
 * may only be used to refuse sooner) and answers a sink to read it into, or null to skip it uninflated.
 * Throws ZipFormatError for what is not a ZIP, ZipLimitError past the caps, and a sink's own errors as they are.
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

  /** The entry's bytes, inflated no further than the smaller of its own cap and what is left of the total. */
  function expand(compression: number, raw: Uint8Array, sink: EntrySink): Uint8Array | "too big" | "total" {
    const room = caps.maxTotalBytes - total;
    const limit = Math.min(sink.maxBytes, room);
    let out: Uint8Array;
    try {
      out = compression === 0 ? raw : inflateRawSync(raw, { maxOutputLength: limit + 1 });
    } catch (error) {
      if ((error as { code?: string }).code !== "ERR_BUFFER_TOO_LARGE") throw error;
      return sink.maxBytes <= room ? "too big" : "total";
    }
    if (out.length > limit) return sink.maxBytes <= room ? "too big" : "total";
    return out;
  }

  const unzip = new Unzip((file) => {
    if (stop.limit || stop.failure !== undefined) return;
    if (++entries > caps.maxEntries) {
      stop.limit = new ZipLimitError("entries");
      return;
    }
    const sink = pick(file.name, file.originalSize);
    if (!sink) return;
    let done = false;
    file.ondata = (error, raw, final) => {
      if (done || !final) return;
      done = true;
      try {
        if (error) return sink.onEnd({ tooBig: false, error: true });
        let bytes: ReturnType<typeof expand>;
        try {
          bytes = expand(file.compression, raw, sink);
        } catch {
          return sink.onEnd({ tooBig: false, error: true });
        }
        if (bytes === "total") stop.limit = new ZipLimitError("total");
        if (typeof bytes === "string") return sink.onEnd({ tooBig: true, error: false });
        total += bytes.length;
        for (let at = 0; at < bytes.length; at += PIECE) sink.onData(bytes.subarray(at, at + PIECE));
        sink.onEnd({ tooBig: false, error: false });
      } catch (failure) {
        // The reader's own error (a malformed sheet, too many rows): the walk ends and rethrows it as it is.
        stop.failure = failure;
      }
    };
    try {
      file.start();
    } catch (error) {
      file.ondata(error as FlateError, new Uint8Array(0), true);
    }
  });
  unzip.register(gathering(0));
  unzip.register(gathering(8));

  try {
    for (let offset = 0; offset < data.length && !stop.limit && stop.failure === undefined; offset += SLICE) {
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
