import { describe, expect, it } from "vitest";
import { warmPdfFonts } from "./pdf-fonts.ts";

describe("warmPdfFonts", () => {
  it("draws a real document in both DejaVu faces (what the first person's PDF would otherwise wait for)", async () => {
    const pdf = (await warmPdfFonts()).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(pdf).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
  });
});
