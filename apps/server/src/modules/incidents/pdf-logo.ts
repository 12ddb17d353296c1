import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { UPLOAD_NAME, UPLOADS_PREFIX } from "../../lib/uploads.ts";

/** Pixels the printed logo is drawn at most (2× its 48 pt height): a bigger upload is scaled down first. */
const LOGO_MAX_PX = 256;

/**
 * The school's uploaded logo as PNG for the incident PDF (pdfkit draws PNG and JPEG, not WebP), or null for the
 * default logo, a logo elsewhere or a file gone. Only our own upload names are read, and the file was re-encoded
 * when it was uploaded (school-info), so this second pass reads a clean picture.
 */
export async function pdfLogo(uploadsDir: string, logo: string | null): Promise<Buffer | null> {
  const name = logo?.startsWith(UPLOADS_PREFIX) ? logo.slice(UPLOADS_PREFIX.length) : null;
  if (!name || !UPLOAD_NAME.test(name)) return null;
  try {
    const data = await readFile(join(uploadsDir, name));
    return await sharp(data, { limitInputPixels: 50_000_000 })
      .resize(LOGO_MAX_PX, LOGO_MAX_PX, { fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}
