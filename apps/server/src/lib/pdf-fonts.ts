import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The fonts every PDF is drawn with (issue 13 §4): PDF's standard Helvetica encodes only Latin-1, so "Łukasz",
 * "Ğül" or "李" came out simplified or as "?". DejaVu Sans (dejavu-fonts-ttf) covers Latin, Greek, Cyrillic and
 * more; the characters it lacks (Chinese, Japanese kanji…) are drawn with Noto Sans SC (noto-sans-sc), which ships
 * in ~100 subset files by Unicode range: only the subsets a document uses are read and embedded (pdfkit keeps just
 * the glyphs drawn). pdfkit embeds each font with its ToUnicode map, so the text copies and searches as typed.
 */

const require = createRequire(import.meta.url);
const dejavu = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
const notoSc = join(dirname(require.resolve("noto-sans-sc/package.json")), "noto_sans_sc_regular");
// fontkit is pdfkit's own font reader: resolved from pdfkit so both read fonts the same way.
const fontkit = createRequire(require.resolve("pdfkit"))("fontkit") as {
  create(data: Buffer): { hasGlyphForCodePoint(cp: number): boolean };
};

/** The two faces documents use by name: `doc.font(FONT.regular)`. */
export const FONT = { regular: "Body", bold: "Body-Bold" } as const;
type Face = (typeof FONT)[keyof typeof FONT];

let loaded: { regular: Buffer; bold: Buffer; covers: (cp: number) => boolean } | null = null;
function faces() {
  if (!loaded) {
    const regular = readFileSync(join(dejavu, "DejaVuSans.ttf"));
    const bold = readFileSync(join(dejavu, "DejaVuSans-Bold.ttf"));
    const font = fontkit.create(regular);
    const known = new Map<number, boolean>();
    const covers = (cp: number) => {
      const has = known.get(cp) ?? font.hasGlyphForCodePoint(cp);
      known.set(cp, has);
      return has;
    };
    loaded = { regular, bold, covers };
  }
  return loaded;
}

interface Subset {
  file: string;
  ranges: [number, number][];
}
let subsets: Subset[] | null = null;
/** The subsets of the fallback font and the Unicode ranges each covers, read from the package's CSS once. */
function fallbackSubsets(): Subset[] {
  if (!subsets) {
    const css = readFileSync(join(notoSc, "css.css"), "utf8");
    subsets = [...css.matchAll(/src:\s*url\(([^)]+)\)[^;]*;\s*unicode-range:\s*([^;]+);/g)].map((m) => ({
      file: m[1]!.replace(/['"]/g, ""),
      ranges: m[2]!.split(",").map((part) => {
        const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
        return [Number.parseInt(from!, 16), Number.parseInt(to ?? from!, 16)] as [number, number];
      }),
    }));
  }
  return subsets;
}
const fallbackBytes = new Map<string, Buffer>();

/** The fallback subset (its font name) that draws the character, or null when none does. */
function fallbackFor(cp: number): { name: string; file: string } | null {
  const subset = fallbackSubsets().find((s) => s.ranges.some(([a, b]) => cp >= a && cp <= b));
  return subset ? { name: `Fallback-${subset.file.split(".").at(-2)}`, file: subset.file } : null;
}

/** Registers the faces on a new document and returns the writer that picks a face per character run. */
export function useFonts(doc: PDFKit.PDFDocument) {
  const { regular, bold, covers } = faces();
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  const registered = new Set<string>();
  let current: Face = FONT.regular;

  /** The text cut where the face must change: runs DejaVu draws, and runs of a fallback subset. */
  function runs(text: string): { font: string; text: string }[] {
    const out: { font: string; text: string }[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      let font: string = current;
      if (cp > 0x7f && !covers(cp) && !/\s/.test(ch)) {
        const fallback = fallbackFor(cp);
        if (fallback) {
          if (!registered.has(fallback.name)) {
            const bytes = fallbackBytes.get(fallback.file) ?? readFileSync(join(notoSc, fallback.file));
            fallbackBytes.set(fallback.file, bytes);
            doc.registerFont(fallback.name, bytes);
            registered.add(fallback.name);
          }
          font = fallback.name;
        }
      }
      const last = out.at(-1);
      if (last && last.font === font) last.text += ch;
      else out.push({ font, text: ch });
    }
    return out;
  }

  return {
    /** Sets the face for what follows (like `doc.font`). */
    face(face: Face) {
      current = face;
      doc.font(face);
      return doc;
    },
    /** `doc.text` that draws every character, switching to the fallback face where DejaVu has no glyph. */
    text(value: string, x?: number | PDFKit.Mixins.TextOptions, y?: number, options?: PDFKit.Mixins.TextOptions) {
      const positioned = typeof x === "number";
      const opts = (positioned ? options : x) ?? {};
      const parts = runs(value);
      if (parts.length <= 1) {
        doc.font(parts[0]?.font ?? current);
        if (positioned) doc.text(value, x, y, opts);
        else doc.text(value, opts);
        doc.font(current);
        return doc;
      }
      parts.forEach((part, i) => {
        doc.font(part.font);
        const last = i === parts.length - 1;
        const more = { ...opts, continued: last ? (opts.continued ?? false) : true };
        if (i === 0 && positioned) doc.text(part.text, x, y, more);
        else doc.text(part.text, i === 0 ? more : { continued: more.continued });
      });
      doc.font(current);
      return doc;
    },
    /** The width of a text in the current face and size (close enough for the fallback's runs). */
    widthOf: (value: string) => doc.widthOfString(value),
  };
}

export type PdfWriter = ReturnType<typeof useFonts>;

/**
 * Draws a one-line document in both faces (returned, for its test) and throws it away: the first PDF a server draws otherwise pays for
 * reading and parsing the fonts and for V8 compiling pdfkit's and fontkit's code (~100 ms), on someone's request.
 * Run once when the server starts listening (app.ts).
 */
export async function warmPdfFonts(): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({ size: "A4", compress: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const write = useFonts(doc);
  write.face(FONT.bold);
  write.text("Convive ñ á");
  write.face(FONT.regular);
  write.text("Convive ñ á 0–7");
  doc.end();
  return done;
}
