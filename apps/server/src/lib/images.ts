import sharp from "sharp";
import { IMAGE_TYPES, type ImageType, sniffImageType } from "../modules/avatars/avatars.service.ts";
import { AppError } from "./errors.ts";

/** Photos are shown as thumbnails and ID-card size: nothing larger is kept. */
const MAX_SIDE_PX = 1200;
/** Refuses decompression bombs: a small file that claims a huge canvas. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Re-encodes an uploaded picture in its own format: EXIF orientation applied, then every metadata block
 * (EXIF with GPS position, XMP, ICC comments) dropped — sharp writes none unless asked to. The type comes
 * from the content, never from the file name or the Content-Type header.
 */
export async function reencodeImage(data: Buffer): Promise<{ type: ImageType; ext: string; data: Buffer }> {
  const type = sniffImageType(data);
  if (!type) throw new AppError("INVALID_IMAGE", { image: "INVALID_IMAGE" });
  try {
    const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE_PX, height: MAX_SIDE_PX, fit: "inside", withoutEnlargement: true });
    const encoded =
      type === "image/jpeg"
        ? image.jpeg({ quality: 85 })
        : type === "image/png"
          ? image.png({ compressionLevel: 9 })
          : image.webp({ quality: 85 });
    return { type, ext: IMAGE_TYPES[type], data: await encoded.toBuffer() };
  } catch {
    // Right magic bytes, broken body: not an image we can show.
    throw new AppError("INVALID_IMAGE", { image: "INVALID_IMAGE" });
  }
}
