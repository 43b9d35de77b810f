import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { extractionErrors } from './pipeline-errors.js';

export type ImageInfo = { format: string; orientation: number; pixels: number };

/** Reads only the header: refuses pixel bombs in milliseconds, before decoding anything. */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<ImageInfo> {
  let width: number;
  let height: number;
  let format: string;
  let orientation: number | undefined;
  try {
    ({ width, height, format, orientation } = await sharp(bytes, {
      limitInputPixels: false,
    }).metadata());
  } catch {
    throw extractionErrors.corruptImage();
  }
  if (width * height > maxPixels) throw extractionErrors.tooManyPixels(Math.round(maxPixels / 1e6));
  return { format, orientation: orientation ?? 1, pixels: width * height };
}

/**
 * HEIC (iPhone photos) as an upright PNG. sharp reads its header (so the pixel cap above applies
 * before any decoding) but its prebuilt libvips has no HEVC decoder; heic-decode (libheif compiled
 * to WebAssembly) decodes the primary image, with its rotation and mirroring applied.
 */
export async function heicToPng(bytes: Buffer): Promise<Buffer> {
  let decoded: { width: number; height: number; data: Uint8ClampedArray };
  try {
    decoded = await decodeHeic({ buffer: bytes });
  } catch {
    throw extractionErrors.corruptImage();
  }
  const { width, height, data } = decoded;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// Formats Tesseract (Leptonica) decodes itself, one picture per file.
const PASS_THROUGH = new Set(['png', 'jpeg', 'webp']);

/**
 * The image upright, in its own colours (Tesseract's own grey conversion read handwriting and
 * receipts better than sharp's: CER 0.727 vs 0.830 on one will). An upload that needs no turning
 * is passed on as it came, as plain Tesseract gets it: no decode and re-encode, and Tesseract
 * judges its resolution the same way (a PNG copy carrying the JPEG's 300 dpi read one will as
 * nothing at all). Anything else (EXIF-turned, TIFF) becomes a PNG.
 */
export async function uprightImage(
  bytes: Buffer,
  info: ImageInfo,
  maxPixels: number,
): Promise<Buffer> {
  if (info.orientation === 1 && PASS_THROUGH.has(info.format)) return bytes;
  return decodeUpright(bytes, maxPixels);
}

/** Decodes the whole image (so a damaged one is refused as FILE_CORRUPT) into an upright PNG. */
export async function decodeUpright(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw extractionErrors.corruptImage();
  }
}

/**
 * The page turned by OSD's angle. Images are not enlarged or filtered: on the evaluation set,
 * doubling small images cost a receipt photo 0.03 CER and helped no printed page, and contrast
 * stretching amplified JPEG noise.
 */
export async function prepareForOcr(upright: Buffer, rotateDegrees: number): Promise<Buffer> {
  if (rotateDegrees === 0) return upright;
  return sharp(upright).rotate(rotateDegrees).png({ compressionLevel: 1 }).toBuffer();
}
