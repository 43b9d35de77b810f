import decodeHeic from 'heic-decode';
import sharp from 'sharp';
import { extractionErrors } from './errors.js';

// Math's members as module bindings: the pixel loops call them per pixel, and looking the global
// `Math` up in a loop is ~100x slower where the API tests run this code (Jest's vm context).
const { PI, abs, ceil, round, tan } = Math;

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
    // libjpeg refuses a header over 65500 pixels a side as corrupt: a pixel bomb all the same,
    // and named as one.
    const claimed = jpegFrameSize(bytes);
    if (claimed && claimed.width * claimed.height > maxPixels)
      throw extractionErrors.tooManyPixels(round(maxPixels / 1e6));
    throw extractionErrors.corruptImage();
  }
  if (width * height > maxPixels) throw extractionErrors.tooManyPixels(round(maxPixels / 1e6));
  return { format, orientation: orientation ?? 1, pixels: width * height };
}

/** The size a JPEG's frame header (SOF) claims, read without decoding; null if none is found. */
export function jpegFrameSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  for (let i = 2; i + 9 <= bytes.length && bytes[i] === 0xff;) {
    const marker = bytes[i + 1] ?? 0;
    const length = bytes.readUInt16BE(i + 2);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    if (marker === 0xda || length < 2) return null;
    i += 2 + length;
  }
  return null;
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

// Skew search: a grey copy this wide, angles up to this many degrees either way.
const SKEW_WIDTH = 600;
const MAX_SKEW = 8;
// Corrected only from this angle, and only when levelling sharpens the rows of text by this
// factor (a clear set of straight lines; handwriting and pictures rarely give one).
const MIN_SKEW = 0.5;
const MIN_SKEW_GAIN = 1.15;

/**
 * The angle (degrees, clockwise positive) by which the lines of text run downhill, or 0 when no
 * clear skew is found. Projection profiles: the dark pixels of a small grey copy are summed
 * along lines at each candidate angle; level text gives the sharpest rows (largest sum of
 * squares). A scan fed in at an angle read its two columns as one (CER 0.44 vs 0.01 level).
 */
export async function detectSkew(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image)
    .greyscale()
    .resize({ width: SKEW_WIDTH, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  let total = 0;
  for (const value of data) total += value;
  const threshold = (total / data.length) * 0.6;
  let dark = 0;
  for (const value of data) if (value < threshold) dark += 1;
  if (dark < 200) return 0;
  const xs = new Int32Array(dark);
  const ys = new Int32Array(dark);
  for (let y = 0, n = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[y * width + x] ?? 255) < threshold) {
        xs[n] = x;
        ys[n] = y;
        n += 1;
      }
    }
  }
  const sharpness = (degrees: number): number => {
    const slope = tan((degrees * PI) / 180);
    const offset = ceil(abs(slope) * width) + 1;
    const rows = new Float64Array(height + 2 * offset + 1);
    for (let i = 0; i < dark; i++) {
      const row = round((ys[i] ?? 0) - (xs[i] ?? 0) * slope) + offset;
      rows[row] = (rows[row] ?? 0) + 1;
    }
    let sum = 0;
    for (const count of rows) sum += count * count;
    return sum;
  };
  const level = sharpness(0);
  let best = 0;
  let bestScore = level;
  const search = (from: number, to: number, step: number) => {
    for (let degrees = from; degrees <= to + 1e-9; degrees += step) {
      const score = sharpness(degrees);
      if (score > bestScore) {
        best = degrees;
        bestScore = score;
      }
    }
  };
  search(-MAX_SKEW, MAX_SKEW, 0.5);
  search(best - 0.4, best + 0.4, 0.1);
  if (abs(best) < MIN_SKEW || bestScore < level * MIN_SKEW_GAIN) return 0;
  return round(best * 10) / 10;
}

/** The image turned back by a detected skew, on white, as a PNG. */
export async function deskew(image: Buffer, skewDegrees: number): Promise<Buffer> {
  return sharp(image)
    .rotate(-skewDegrees, { background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
