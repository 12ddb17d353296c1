import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { xlsxWithSheetData } from "../../../test/helpers/hostile-files.ts";
import { readXlsx, type SheetLimits, type SheetRecord } from "./xlsx.ts";

const MB = 1024 * 1024;
const LIMITS: SheetLimits = { maxRows: 50_000, maxColumns: 100, maxInflatedBytes: 200 * MB };

/** The rows as a grid (row n at index n - 1), as the reader's callers used to see them. */
function grid(records: SheetRecord[]) {
  const rows: string[][] = [];
  for (const r of records) rows[r.number - 1] = r.cells;
  return Array.from(rows, (r) => r ?? []);
}
const read = (file: Uint8Array, limits = LIMITS) => grid(readXlsx(file, limits));

async function workbook(
  fill: (sheet: ExcelJS.Worksheet, book: ExcelJS.Workbook) => void,
  options: { date1904?: boolean } = {},
) {
  const book = new ExcelJS.Workbook();
  if (options.date1904) book.properties.date1904 = true;
  fill(book.addWorksheet("Datos"), book);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("XLSX reader", () => {
  it("reads every kind of cell as the text a person sees", async () => {
    const file = await workbook((sheet) => {
      sheet.addRow(["Matrícula", "Fecha", "Número", "Sí/No", "Fórmula", "Correo", "Rico"]);
      sheet.addRow([
        "CDA & <1>",
        new Date(Date.UTC(2016, 3, 27)),
        3940,
        true,
        { formula: "1+1", result: 2 },
        { text: "ana@correo.mx", hyperlink: "mailto:ana@correo.mx" },
        { richText: [{ text: "Ma" }, { font: { bold: true }, text: "ría" }] },
      ]);
      const texty = sheet.getCell("C3");
      texty.numFmt = "@";
      texty.value = "03940";
      sheet.getCell("F3").value = "  con espacios  ";
    });
    expect(read(file)).toEqual([
      ["Matrícula", "Fecha", "Número", "Sí/No", "Fórmula", "Correo", "Rico"],
      ["CDA & <1>", "2016-04-27", "3940", "true", "2", "ana@correo.mx", "María"],
      ["", "", "03940", "", "", "  con espacios  "],
    ]);
  });

  it("keeps row and column positions across gaps, and reads the 1904 date system", async () => {
    const file = await workbook(
      (sheet) => {
        sheet.getCell("A1").value = "a";
        sheet.getCell("D1").value = "d";
        sheet.getCell("B4").value = new Date(Date.UTC(2020, 1, 29));
      },
      { date1904: true },
    );
    expect(read(file)).toEqual([["a", "", "", "d"], [], [], ["", "2020-02-29"]]);
  });

  it("reads only the first sheet, even when it is not sheet1.xml", async () => {
    const file = await workbook((sheet, book) => {
      sheet.addRow(["primera"]);
      book.addWorksheet("Otra").addRow(["segunda"]);
    });
    expect(read(file)).toEqual([["primera"]]);
  });

  it("reads inline strings and refuses archives that are not spreadsheets", () => {
    const sheet = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve">Hola &#233;_x000D_</t></is></c><c r="B1" t="b"><v>0</v></c></row></sheetData></worksheet>`;
    const file = Buffer.from(zipSync({ "xl/worksheets/sheet1.xml": strToU8(sheet) }));
    expect(read(file)).toEqual([["Hola é\r", "false"]]);
    expect(() => read(Buffer.from(zipSync({ "word/document.xml": strToU8("<w/>") })))).toThrow("IMPORT_UNREADABLE");
  });
});

describe("XLSX reader limits", () => {
  // How long these take is timed by bench/file-limits.bench.ts.
  it("keeps a row numbered 20 000 000 as one row, without allocating the rows before it", () => {
    const records = readXlsx(
      xlsxWithSheetData(
        `<row r="1"><c r="A1" t="inlineStr"><is><t>Matrícula</t></is></c></row><row r="20000000"><c r="A20000000" t="inlineStr"><is><t>CDA-1</t></is></c></row>`,
      ),
      LIMITS,
    );
    expect(records).toEqual([
      { number: 1, cells: ["Matrícula"] },
      { number: 20_000_000, cells: ["CDA-1"] },
    ]);
  });

  it("refuses 40 000 unclosed rows as unreadable", () => {
    expect(() => readXlsx(xlsxWithSheetData("<row>".repeat(40_000)), LIMITS)).toThrow("IMPORT_UNREADABLE");
  });

  it("stops at the row, column and inflated-size caps", () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join("");
    const small = { maxRows: 3, maxColumns: 2, maxInflatedBytes: MB };
    expect(readXlsx(xlsxWithSheetData(rows(4)), small)).toHaveLength(4);
    expect(() => readXlsx(xlsxWithSheetData(rows(5)), small)).toThrow("IMPORT_TOO_MANY_ROWS");
    // A value beyond the last column is refused; an empty (styled) cell there is ignored.
    const far = (cell: string) => xlsxWithSheetData(`<row r="1"><c r="A1"><v>1</v></c>${cell}</row>`);
    expect(readXlsx(far(`<c r="XFD1" s="1"/>`), small)).toEqual([{ number: 1, cells: ["1"] }]);
    expect(() => readXlsx(far(`<c r="C1"><v>2</v></c>`), small)).toThrow("IMPORT_TOO_LARGE");
    // 1 MB of sheet is refused at the cap, whatever the archive's headers claim.
    const padded = xlsxWithSheetData(`${rows(2)}<!--${" ".repeat(2 * MB)}-->`);
    expect(padded.length).toBeLessThan(20 * 1024);
    expect(() => readXlsx(padded, small)).toThrow("IMPORT_TOO_LARGE");
  });
});
