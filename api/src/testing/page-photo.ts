import sharp from 'sharp';

// Math's members as module bindings: the pixel loops call them per pixel, and looking the global
// `Math` up in a loop is ~100x slower where the API tests run this code (Jest's vm context).
const { PI, SQRT2, abs, cos, floor, hypot, imul, max, min, round, sin } = Math;

// A phone photo of a printed page, made in the test from known text: the page rendered with
// Pango (through sharp), warped in perspective onto a textured table by a homography solved
// here (independently of the OpenCV code under test), shaded from one side and saved as a JPEG.
// Everything is deterministic, so the page's true corners and text are known exactly.

export type Point = [number, number];

export type PagePhotoOptions = {
  /** The page's text (plain, lines separated by newlines). */
  text: string;
  /** The photo's size. */
  width: number;
  height: number;
  /** Where the page's corners land in the photo: top-left, top-right, bottom-right, bottom-left. */
  corners: Point[];
  /** Light falling off across the photo to this share at the far side (1: even light). */
  shade?: number;
  quality?: number;
};

/** The page alone, upright and flat (white paper, black text), as raw RGB. */
export async function renderPage(
  text: string,
): Promise<{ data: Buffer; width: number; height: number }> {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const printed = await sharp({
    text: {
      text: `<span foreground="black">${escaped}</span>`,
      font: 'DejaVu Serif',
      width: 1000,
      dpi: 150,
      spacing: 6,
      rgba: true,
    },
  })
    .png()
    .toBuffer();
  // Text as black on paper, with margins, on a sheet of A4's shape (the text at its top).
  // (sharp flattens before it extends, whatever the order of the calls.)
  const paper = '#f4f1ea';
  const { width: textWidth, height: textHeight } = await sharp(printed).metadata();
  const sheetHeight = max(textHeight + 180, round((textWidth + 160) * SQRT2));
  const { data, info } = await sharp(printed)
    .flatten({ background: paper })
    .extend({
      top: 90,
      bottom: sheetHeight - textHeight - 90,
      left: 80,
      right: 80,
      background: paper,
    })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The homography (row-major 3×3, last entry 1) taking each `from` point to its `to` point. */
export function homography(from: Point[], to: Point[]): number[] {
  // Two equations per point pair in h11..h32, solved by Gaussian elimination.
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i] ?? [0, 0];
    const [u, v] = to[i] ?? [0, 0];
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++)
      if (abs(rows[r]?.[col] ?? 0) > abs(rows[pivot]?.[col] ?? 0)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot] ?? [], rows[col] ?? []];
    const p = rows[col] ?? [];
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const row = rows[r] ?? [];
      const factor = (row[col] ?? 0) / (p[col] ?? 1);
      for (let c = col; c < 9; c++) row[c] = (row[c] ?? 0) - factor * (p[c] ?? 0);
    }
  }
  return [...rows.map((row, i) => (row[8] ?? 0) / (row[i] ?? 1)), 1];
}

/**
 * Where a page's corners land in a photo taken with a phone (a pinhole camera whose focal length
 * is 0.8 of the photo's diagonal, as a phone's main camera): the page of this aspect
 * (width / height) tilted back by `tilt` degrees, turned sideways by `turn` degrees and in its
 * plane by `roll`, its height filling `fill` of the photo's height.
 */
export function photographedCorners(
  aspect: number,
  photo: { width: number; height: number },
  view: { tilt: number; turn: number; roll: number; fill: number },
): Point[] {
  const rad = (degrees: number) => (degrees * PI) / 180;
  const f = 0.8 * hypot(photo.width, photo.height);
  const distance = f / (view.fill * photo.height);
  const corners: Point[] = [
    [-aspect / 2, -0.5],
    [aspect / 2, -0.5],
    [aspect / 2, 0.5],
    [-aspect / 2, 0.5],
  ];
  return corners.map(([px, py]) => {
    // Roll in the page's plane, then tilt about the horizontal axis and turn about the vertical.
    const rx = px * cos(rad(view.roll)) - py * sin(rad(view.roll));
    const ry = px * sin(rad(view.roll)) + py * cos(rad(view.roll));
    const ty = ry * cos(rad(view.tilt));
    const tz = -ry * sin(rad(view.tilt));
    const x = rx * cos(rad(view.turn)) + tz * sin(rad(view.turn));
    const z = -rx * sin(rad(view.turn)) + tz * cos(rad(view.turn)) + distance;
    return [photo.width / 2 + (f * x) / z, photo.height / 2 + (f * ty) / z];
  });
}

/** A small deterministic random number generator (mulberry32). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The photo (JPEG) of the page lying on a wooden-brown table, seen at a slant. */
export async function pagePhoto(options: PagePhotoOptions): Promise<Buffer> {
  const { width, height, corners, shade = 1, quality = 85 } = options;
  const page = await renderPage(options.text);
  // Photo pixel → page pixel: the inverse of the page's placement.
  const pageCorners: Point[] = [
    [0, 0],
    [page.width, 0],
    [page.width, page.height],
    [0, page.height],
  ];
  const h = homography(corners, pageCorners);
  const out = Buffer.alloc(width * height * 3);
  const noise = random(7);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cx = x + 0.5;
      const cy = y + 0.5;
      const w = (h[6] ?? 0) * cx + (h[7] ?? 0) * cy + 1;
      const px = ((h[0] ?? 0) * cx + (h[1] ?? 0) * cy + (h[2] ?? 0)) / w - 0.5;
      const py = ((h[3] ?? 0) * cx + (h[4] ?? 0) * cy + (h[5] ?? 0)) / w - 0.5;
      const light = 1 - (1 - shade) * (x / width);
      const o = (y * width + x) * 3;
      if (px >= 0 && py >= 0 && px < page.width - 1 && py < page.height - 1) {
        // Bilinear sample of the page.
        const x0 = floor(px);
        const y0 = floor(py);
        const fx = px - x0;
        const fy = py - y0;
        for (let c = 0; c < 3; c++) {
          const at = (xx: number, yy: number) => page.data[(yy * page.width + xx) * 3 + c] ?? 0;
          const value =
            at(x0, y0) * (1 - fx) * (1 - fy) +
            at(x0 + 1, y0) * fx * (1 - fy) +
            at(x0, y0 + 1) * (1 - fx) * fy +
            at(x0 + 1, y0 + 1) * fx * fy;
          out[o + c] = round(value * light);
        }
      } else {
        // A brown table with grain along x and some noise.
        const grain = 18 * sin(y / 9 + sin(x / 140) * 3) + 12 * (noise() - 0.5);
        const base: Point | number[] = [112, 78, 50];
        for (let c = 0; c < 3; c++)
          out[o + c] = max(0, min(255, round(((base[c] ?? 0) + grain) * light)));
      }
    }
  }
  return sharp(out, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}
