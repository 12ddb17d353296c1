import { execFileSync } from "node:child_process";

/**
 * The text of a PDF as a reader copies it, good enough for `toContain`: poppler's pdftotext (poppler-utils), which
 * reads the embedded fonts' ToUnicode maps — the PDFs embed a Unicode font (lib/pdf-fonts.ts), so their strings
 * are glyph ids, not Latin-1. Line breaks become spaces, so a sentence the page wrapped still reads whole.
 */
export function pdfText(pdf: Buffer): string {
  const text = execFileSync("pdftotext", ["-q", "-enc", "UTF-8", "-", "-"], {
    input: pdf,
    maxBuffer: 64 * 1024 * 1024,
  }).toString("utf8");
  return text.replace(/\f/g, "\n").replace(/[ \t]*\n[ \t]*/g, " ");
}
