import { describe, expect, it } from "vitest";
import { packTable, readTable, unpackTable } from "./table.ts";

const LIMITS = { maxRows: 50_000, maxColumns: 100, maxInflatedBytes: 1024 * 1024 };
const csv = (text: string) => Buffer.from(text);

describe("table of an import", () => {
  it("reads a CSV's header and data rows, blank rows counted but not kept, values as text", () => {
    const table = readTable(
      csv('Matrícula;Nombre;CP\r\nCDA-1;"Sofía; ""Sofi""";03940\r\n\r\n;  ;\nCDA-2;Leo;\n'),
      LIMITS,
    );
    expect(table).toEqual({
      headers: ["Matrícula", "Nombre", "CP"],
      rows: [
        { number: 2, cells: ["CDA-1", 'Sofía; "Sofi"', "03940"] },
        { number: 5, cells: ["CDA-2", "Leo", ""] },
      ],
    });
  });

  it("names what is wrong with the file: empty, old Excel, too many rows or columns", () => {
    expect(() => readTable(csv(""), LIMITS)).toThrow("IMPORT_EMPTY");
    expect(() => readTable(csv("a,b\n"), LIMITS)).toThrow("IMPORT_EMPTY");
    expect(() => readTable(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), LIMITS)).toThrow("IMPORT_UNREADABLE");
    expect(() => readTable(csv("a\n1\n2\n3\n"), { ...LIMITS, maxRows: 2 })).toThrow("IMPORT_TOO_MANY_ROWS");
    expect(() => readTable(csv("a,b,c\n1,2,3\n"), { ...LIMITS, maxColumns: 2 })).toThrow("IMPORT_TOO_LARGE");
    expect(readTable(csv("a,b,,\n1,2,,\n"), { ...LIMITS, maxColumns: 2 }).rows[0]!.cells).toEqual(["1", "2"]);
    expect(() => readTable(csv('a\n"never closed\n'), LIMITS)).toThrow("IMPORT_UNREADABLE");
  });

  it("comes back whole from its packed form", async () => {
    const table = {
      headers: ["a", "b"],
      rows: [
        { number: 2, cells: ["", "ñandú 🦤"] },
        { number: 9, cells: [] },
        { number: 10, cells: ["x", "", "z"] },
      ],
    };
    expect(await unpackTable(packTable(table), 1)).toEqual(table);
  });
});
