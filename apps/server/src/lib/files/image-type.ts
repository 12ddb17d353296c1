/** The image types a photo, avatar or logo may be, with their file extension on disk. */
export const IMAGE_TYPES = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" } as const;
export type ImageType = keyof typeof IMAGE_TYPES;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const latin1 = (data: Uint8Array, start: number, end: number) => String.fromCharCode(...data.subarray(start, end));

/** The type the content really is, from its first bytes; the Content-Type header is only a claim. */
export function sniffImageType(data: Uint8Array): ImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length >= 8 && PNG_MAGIC.every((b, i) => data[i] === b)) return "image/png";
  if (data.length >= 12 && latin1(data, 0, 4) === "RIFF" && latin1(data, 8, 12) === "WEBP") return "image/webp";
  return null;
}
