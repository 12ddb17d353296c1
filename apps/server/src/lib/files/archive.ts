import { type EntrySink, isClutter, walkZip, type ZipCaps } from "./zip.ts";

/**
 * The files of an uploaded ZIP (student photos), inflated with the caps of zip.ts. The bytes of every entry
 * come back in one buffer, so the worker hands them to the server by moving one ArrayBuffer instead of
 * copying hundreds of pieces on the server's thread.
 */
export interface ArchiveEntry {
  /** The path inside the archive. */
  name: string;
  /** Where its bytes are in `bytes`; length -1 when it was not kept (too big, or corrupt). */
  offset: number;
  length: number;
  /** Larger than the per-file limit: it was inflated no further than that. */
  tooBig: boolean;
  /** Corrupt data or an unknown compression method. */
  broken: boolean;
}

export interface Archive {
  entries: ArchiveEntry[];
  bytes: Uint8Array;
}

/** Every file of the ZIP but folders and clutter, each read up to `maxEntryBytes`. */
export function readArchive(data: Uint8Array, caps: ZipCaps, maxEntryBytes: number): Archive {
  const entries: (ArchiveEntry & { chunks: Uint8Array[] })[] = [];
  walkZip(data, caps, (name, declared): EntrySink | null => {
    if (isClutter(name)) return null;
    const entry = { name, offset: 0, length: -1, tooBig: false, broken: false, chunks: [] as Uint8Array[] };
    entries.push(entry);
    // A header that admits to more than the limit is refused without inflating a byte.
    if (declared !== undefined && declared > maxEntryBytes) {
      entry.tooBig = true;
      return null;
    }
    return {
      maxBytes: maxEntryBytes,
      onData: (chunk) => entry.chunks.push(chunk),
      onEnd: ({ tooBig, error }) => {
        entry.tooBig = tooBig;
        entry.broken = error;
        if (tooBig || error) entry.chunks = [];
        else entry.length = entry.chunks.reduce((sum, c) => sum + c.length, 0);
      },
    };
  });
  // An entry whose data never ended (the archive stopped short) is corrupt.
  for (const entry of entries) if (entry.length < 0 && !entry.tooBig) entry.broken = true;

  const bytes = new Uint8Array(entries.reduce((sum, e) => sum + Math.max(0, e.length), 0));
  let offset = 0;
  for (const entry of entries) {
    entry.offset = offset;
    for (const chunk of entry.chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
  }
  return { entries: entries.map(({ chunks: _, ...entry }) => entry), bytes };
}
