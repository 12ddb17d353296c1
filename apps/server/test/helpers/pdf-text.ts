import { inflateSync } from "node:zlib";

/**
 * The text drawn in a pdfkit PDF, good enough for `toContain`: every content stream inflated, its hex and
 * literal strings decoded as Latin-1 and joined (pdfkit splits words for kerning, so nothing is spaced).
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString("latin1");
  // pdfkit writes "stream\n" + data + "\nendstream"; a `\r?` before the closing "\n" would eat a compressed
  // stream's last byte whenever it happens to be 0x0D (about one stream in 256: the test failed by chance).
  const re = /stream\r?\n([\s\S]*?)\nendstream/g;
  for (let m = re.exec(raw); m; m = re.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9a-fA-F]+)>/g)) out.push(Buffer.from(hex[1]!, "hex").toString("latin1"));
    for (const lit of content.matchAll(/\(((?:\\.|[^\\)])*)\)/g)) out.push(lit[1]!);
  }
  return out.join("");
}
