import type { Sharp } from "sharp";
import { IMAGE_TYPES, type ImageType, sniffImageType } from "./image-type.ts";
import { FileRefusal } from "./refusal.ts";

/** Photos are shown as thumbnails and ID-card size: nothing larger is kept. */
const MAX_SIDE_PX = 1200;

export interface Reencoded {
  type: ImageType;
  ext: string;
  data: Uint8Array;
}

/**
 * Re-encodes an uploaded picture in its own format: EXIF orientation applied, then every metadata block
 * (EXIF with GPS position, XMP, ICC comments) dropped — sharp writes none unless asked to. The type comes
 * from the content, never from the file name or the Content-Type header. A canvas above `maxPixels` (a
 * decompression bomb: a small file that declares 30 000 × 30 000) is refused from its header, before any
 * pixel is decoded. Runs in a file worker (lib/file-pool.ts).
 */
export async function reencodeImage(data: Uint8Array, maxPixels: number): Promise<Reencoded> {
  const type = sniffImageType(data);
  if (!type) throw new FileRefusal("INVALID_IMAGE", { image: "INVALID_IMAGE" });
  // Loaded on first use: a worker that only reads spreadsheets starts without it.
  const { default: sharp } = await import("sharp");
  let image: Sharp;
  try {
    image = sharp(data, { limitInputPixels: maxPixels, failOn: "error" });
    const { width = 0, height = 0 } = await image.metadata();
    if (width * height > maxPixels) throw new Error("pixels");
  } catch (error) {
    if ((error as Error).message === "pixels" || /pixel limit/i.test((error as Error).message)) {
      throw new FileRefusal(
        "IMAGE_TOO_MANY_PIXELS",
        { image: "IMAGE_TOO_MANY_PIXELS" },
        {
          megapixels: Math.floor(maxPixels / 1_000_000),
        },
      );
    }
    throw new FileRefusal("INVALID_IMAGE", { image: "INVALID_IMAGE" });
  }
  try {
    const resized = image
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: "inside", withoutEnlargement: true });
    const encoded =
      type === "image/jpeg"
        ? resized.jpeg({ quality: 85 })
        : type === "image/png"
          ? resized.png({ compressionLevel: 9 })
          : resized.webp({ quality: 85 });
    return { type, ext: IMAGE_TYPES[type], data: await encoded.toBuffer() };
  } catch {
    // Right magic bytes, broken body: not an image we can show.
    throw new FileRefusal("INVALID_IMAGE", { image: "INVALID_IMAGE" });
  }
}
