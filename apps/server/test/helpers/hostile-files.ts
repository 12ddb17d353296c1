import { deflateSync as zlibDeflate } from "node:zlib";
import { deflateSync, strToU8, Zip, type ZipInputFile, zipSync } from "fflate";

/**
 * The hostile uploads of issue 9 (reproduction 3), built here rather than checked in as binaries: each is
 * small on the wire and enormous once inflated or decoded.
 */

const MB = 1024 * 1024;

/**
 * ≈330 KB: 150 photos "named by enrollment", each 2 MB of zeros (300 MB inflated). The 2 MB are deflated
 * once and the same stream is written 150 times (fflate's Zip with entries handed in compressed), since
 * compressing 300 MB in JavaScript would take the test 15 s.
 */
export function zipBomb(): Buffer {
  const zeros = new Uint8Array(2 * MB);
  const deflated = deflateSync(zeros, { level: 9 });
  const crc = crc32(zeros);
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, data) => {
    if (error) throw error;
    parts.push(data);
  });
  for (let i = 0; i < 150; i++) {
    const entry: ZipInputFile = {
      filename: `CDA-2026-${i}.jpg`,
      size: zeros.length,
      crc,
      compression: 8,
      ondata: () => {},
    };
    zip.add(entry);
    entry.ondata!(null, deflated, true);
  }
  zip.end();
  return Buffer.concat(parts);
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Datos" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;

/** A workbook whose first sheet's <sheetData> is `rows`. */
export function xlsxWithSheetData(rows: string): Buffer {
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
  return Buffer.from(
    zipSync(
      {
        "[Content_Types].xml": strToU8(CONTENT_TYPES),
        "xl/workbook.xml": strToU8(WORKBOOK),
        "xl/_rels/workbook.xml.rels": strToU8(RELS),
        "xl/worksheets/sheet1.xml": strToU8(sheet),
      },
      { level: 9 },
    ),
  );
}

/** ≈800 bytes: one row numbered 20 000 000 (a reader that allocates by row number builds 20 million rows). */
export const sparseRowXlsx = () =>
  xlsxWithSheetData(`<row r="20000000"><c r="A20000000" t="inlineStr"><is><t>Matrícula</t></is></c></row>`);

/** 40 000 <row> tags never closed (a regular-expression reader rescans the rest of the sheet for each). */
export const unclosedRowsXlsx = () => xlsxWithSheetData("<row>".repeat(40_000));

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG that declares `side` × `side` pixels (900 million by default) and holds them all: 1-bit grey rows
 * of zeros (112 MB), which deflate to ≈110 KB. A decoder that trusts it allocates gigabytes. Compressed with
 * node:zlib, which does in 1 s what fflate would in 8.
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  // Each row: its filter byte (0) and side / 8 bytes of pixels.
  const pixels = zlibDeflate(Buffer.alloc((Math.ceil(side / 8) + 1) * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
