import sharp from 'sharp';
import { extractionErrors } from './pipeline-errors.js';

// Very small images (thumbnails, screenshots of a line) are doubled: Tesseract misses glyphs
// only a few pixels high. Larger ones are left alone; contrast stretching amplified JPEG noise
// in measurements, so it is not applied.
const UPSCALE_BELOW_PX = 800;
const UPSCALE_FACTOR = 2;

/** Reads only the header: refuses pixel bombs in milliseconds, before decoding anything. */
export async function checkImage(bytes: Buffer, maxPixels: number): Promise<void> {
  let width: number;
  let height: number;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw extractionErrors.corruptImage();
  }
  if (width * height > maxPixels) throw extractionErrors.tooManyPixels(Math.round(maxPixels / 1e6));
}

/**
 * Upright PNG (EXIF orientation applied), in its own colours: Tesseract's own grey conversion
 * read handwriting and receipts better than sharp's (CER 0.727 vs 0.830 on one will).
 */
export async function uprightImage(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' })
      .autoOrient()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch {
    throw extractionErrors.corruptImage();
  }
}

/** Turns the page upright and enlarges very small images for recognition. */
export async function prepareForOcr(upright: Buffer, rotateDegrees: number): Promise<Buffer> {
  const { width, height } = await sharp(upright).metadata();
  const image = sharp(upright).rotate(rotateDegrees);
  const finalWidth = rotateDegrees % 180 === 0 ? width : height;
  if (Math.max(width, height) < UPSCALE_BELOW_PX) {
    image.resize({ width: finalWidth * UPSCALE_FACTOR, kernel: 'lanczos3' });
  }
  if (rotateDegrees === 0 && Math.max(width, height) >= UPSCALE_BELOW_PX) return upright;
  return image.png({ compressionLevel: 1 }).toBuffer();
}
