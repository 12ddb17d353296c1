import { Unzip, UnzipInflate } from "fflate";
import { AppError } from "../../lib/errors.ts";

export interface ZipEntry {
  /** The path inside the archive. */
  name: string;
  /** The inflated bytes; null when the entry was larger than allowed (it is never inflated past the limit). */
  data: Buffer | null;
  broken: boolean;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The files of a ZIP, inflating each only up to `maxEntryBytes` and all together up to `maxTotalBytes` —
 * counted while inflating, not read from the headers, which a crafted archive (a zip bomb) can fake. An entry
 * past either limit comes back without data. Folders, macOS resource forks and hidden files are skipped; at
 * most `maxEntries` files are read.
 */
export function readZip(
  buffer: Buffer,
  maxEntryBytes: number,
  maxEntries: number,
  maxTotalBytes = 512 * 1024 * 1024,
): ZipEntry[] {
  if (buffer.length < 4 || !buffer.subarray(0, 4).equals(ZIP_MAGIC)) throw new AppError("INVALID_ZIP");
  const entries: (ZipEntry & { chunks: Uint8Array[]; size: number })[] = [];
  let total = 0;
  const unzip = new Unzip((file) => {
    const base = file.name.split("/").pop() ?? "";
    if (file.name.endsWith("/") || file.name.startsWith("__MACOSX/") || base.startsWith(".") || base === "") return;
    if (entries.length >= maxEntries) return;
    const entry: (typeof entries)[number] = { name: file.name, data: null, broken: false, chunks: [], size: 0 };
    entries.push(entry);
    if ((file.originalSize ?? 0) > Math.min(maxEntryBytes, maxTotalBytes - total)) {
      entry.size = maxEntryBytes + 1;
      return;
    }
    file.ondata = (error, chunk, final) => {
      if (error) {
        entry.broken = true;
        return;
      }
      entry.size += chunk.length;
      total += chunk.length;
      if (entry.size > maxEntryBytes || total > maxTotalBytes) {
        entry.size = maxEntryBytes + 1;
        entry.chunks = [];
        file.terminate();
        return;
      }
      entry.chunks.push(chunk);
      if (final) entry.data = Buffer.concat(entry.chunks);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length), true);
  } catch {
    throw new AppError("INVALID_ZIP");
  }
  return entries.map(({ name, data, broken, size }) => ({
    name,
    data: size > maxEntryBytes ? null : data,
    broken: broken || (data === null && size <= maxEntryBytes),
  }));
}
