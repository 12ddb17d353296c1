import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { zipBomb } from "../../../test/helpers/hostile-files.ts";
import { readArchive } from "./archive.ts";
import { zipNames } from "./zip.ts";

const MB = 1024 * 1024;
const text = (data: Uint8Array, entry: { offset: number; length: number }) =>
  Buffer.from(data.subarray(entry.offset, entry.offset + entry.length)).toString();

describe("ZIP walk", () => {
  it("reads each file up to its limit, skips clutter, and marks what is too big or corrupt", () => {
    const zip = zipSync({
      "a.txt": strToU8("hola"),
      "fotos/": new Uint8Array(),
      "__MACOSX/._a.txt": strToU8("fork"),
      "big.bin": new Uint8Array(3 * MB),
      "stored.txt": [strToU8("tal cual"), { level: 0 }],
    });
    const { entries, bytes } = readArchive(zip, { maxEntries: 10, maxTotalBytes: 10 * MB }, MB);
    expect(entries.map((e) => [e.name, e.tooBig, e.broken])).toEqual([
      ["a.txt", false, false],
      ["big.bin", true, false],
      ["stored.txt", false, false],
    ]);
    expect([text(bytes, entries[0]!), text(bytes, entries[2]!)]).toEqual(["hola", "tal cual"]);
    expect(bytes.length).toBe(4 + 8);
  });

  it("stops a zip bomb at the total cap, and an archive with too many files at the entry cap", () => {
    const bomb = zipBomb();
    // How fast it stops is timed by bench/file-limits.bench.ts.
    expect(() => readArchive(bomb, { maxEntries: 5_000, maxTotalBytes: 16 * MB }, 2 * MB)).toThrow("zip limit: total");
    expect(() => readArchive(bomb, { maxEntries: 100, maxTotalBytes: 400 * MB }, 2 * MB)).toThrow("zip limit: entries");
    expect(zipNames(bomb, 5_000)).toHaveLength(150);
  });

  it("refuses what is not a ZIP", () => {
    expect(() => readArchive(strToU8("PK?nope"), { maxEntries: 10, maxTotalBytes: MB }, MB)).toThrow("not a zip");
  });
});
