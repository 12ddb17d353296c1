import sharp from "sharp";

// Real pictures, so the server's re-encoding accepts them; padded after the image data to any size a test needs.
const tinyPng = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#ff9800" } })
  .png()
  .toBuffer();
const tinyJpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#73abd6" } })
  .jpeg()
  .toBuffer();

const padded = (image: Buffer, bytes: number) =>
  bytes <= image.length ? image : Buffer.concat([image, Buffer.alloc(bytes - image.length, 0)]);

/** A valid PNG of `bytes` bytes (at least the image itself). */
export const png = (bytes = 64) => padded(tinyPng, bytes);
/** A valid JPEG. */
export const jpeg = () => tinyJpeg;
