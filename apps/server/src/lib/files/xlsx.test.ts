import ExcelJS from "exceljs";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
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
