import sharp from 'sharp';

// Phone photos of a page: the page's outline found, the page warped to a rectangle and the
// background around it cropped away. OpenCV (WebAssembly) does the vision; it is loaded only
// when an image passes a cheap look at its frame, never for scans, screenshots or PDF pages.
//
// For whoever calls it (measured on the hard set, seed 1, and a 12 MP photo, 2 shared cores):
// - Tesseract's confidence does not tell a slanted photo: the phone photos' first readings scored
//   72-96 (8 of 10 above 75) while losing a third to all of their text; they read part of the page
//   confidently and drop the rest. The frame does tell (see MIN_BACKGROUND_FRAME), and the look
//   at it costs one 1000-px grey decode: 55 ms of CPU for a 12 MP JPEG (shrink-on-load), 280 ms
//   for a 12 MP PNG (decoded whole); so ask for camera formats (JPEG, HEIC, WebP), beside the
//   first reading, not for PNG screenshots or PDF pages.
// - When the frame looks like a table: OpenCV's first load 0.5-0.8 s and ~75 MB, once per
//   process; then ~500 ms of CPU for a 12 MP photo whose page is 57 % of it (outline ~130 ms on the
//   grey copy, the rest decoding, warping 9 MP in strips and PNG encoding), ~200 ms for 2 MP.
// - Straightening alone took the phone photos' CER from 0.508 to 0.333 (4 read perfectly, 2 with
//   shadow bands worse); straightened and then background-normalised (grey divided by a blurred
//   copy) 0.007, where normalising the photo as it came gave 0.555. Straighten first, then level
//   the light.

/** A corner of the page, in pixels of the upright image: top-left, top-right, bottom-right, bottom-left. */
export type Corner = [x: number, y: number];

export type StraightenedPage = {
  /** The page alone, as a rectangle, in its own colours (PNG). */
  image: Buffer;
  /** Where the page's corners were found in the upright image (TL, TR, BR, BL). */
  corners: Corner[];
  /** Why the page was straightened, in words, for the steps' debug record. */
  reason: string;
};

export type StraightenOptions = {
  /** Largest page the warp may produce (the engine's pixel cap); the page is shrunk to fit. */
  maxPixels?: number;
};

// The outline is looked for in a grey copy this long on its longer side (cost bounded whatever
// the photo's size); the full-resolution image is only warped.
const OUTLINE_SIDE = 1000;
// The frame: the outer strip of the image, this share of each side. A page photographed on a
// table shows the table there; a scan, a screenshot or a page filling the frame shows paper.
const FRAME = 0.04;
// Only images whose frame is at least this share unlike the paper go on to OpenCV. On the hard
// set (seed 1): phone photos 0.98-1.00; clean, small-print, poor-scan, turned and handwriting-font
// pages 0.00; shaded scans (vignette, shadow) 0.33-0.58; the evaluation set's receipt photos
// 0.06-0.90.
const MIN_BACKGROUND_FRAME = 0.6;
// A page found must cover this share of the image (less is a label or a card, not a page)…
const MIN_PAGE_AREA = 0.12;
// …and leave some background: a quad over nearly all of the frame is the frame itself.
const MAX_PAGE_AREA = 0.97;
// A page over this share of the photo with every side within SQUARE_ON degrees of the photo's
// axes fills the frame square to the camera: nothing to straighten, little to crop (levelling
// and cropping the evaluation set's scanned wills by 1-2° read them worse: CER 0.73 to 0.84).
const FILLS_FRAME = 0.8;
const SQUARE_ON = 3;
// Corners' angles within this many degrees of a right angle (a page at up to ~40° of slant).
const MAX_CORNER_DEVIATION = 50;
// Each side must run along an edge (a step in brightness) for this share of its length.
const MIN_EDGE_SUPPORT = 0.7;

type OpenCv = typeof import('@techstark/opencv-js');
type Mat = InstanceType<OpenCv['Mat']>;

let opencv: Promise<OpenCv> | null = null;

/**
 * OpenCV, loaded once and only when first needed: about 0.5 s and 75 MB of memory (13 MB of
 * WebAssembly), which a scan or a PDF never pays.
 */
export function loadOpenCv(): Promise<OpenCv> {
  opencv ??= import('@techstark/opencv-js').then(async (module) => {
    // The package's CommonJS export is a promise of the initialised module.
    const loaded = (module as unknown as { default: Promise<OpenCv> | OpenCv }).default;
    return await loaded;
  });
  return opencv;
}

/** Whether OpenCV has been loaded in this process (for tests: scans must never load it). */
export const openCvLoaded = (): boolean => opencv !== null;

/** The grey copy the outline is looked for in, and the upright image's full size. */
type Small = {
  grey: Uint8Array;
  width: number;
  height: number;
  /** Photo pixels per grey-copy pixel. */
  scale: number;
  full: { width: number; height: number };
};

/**
 * The page of a phone photo, straightened and cropped, or null when no page outline is found
 * with confidence: a scan, a screenshot, a page filling the frame or cut by it. A page square to
 * the camera is cropped only. The image is read upright (EXIF applied), and so are the corners.
 */
export async function straightenPage(
  image: Buffer,
  options: StraightenOptions = {},
): Promise<StraightenedPage | null> {
  const small = await greyCopy(image);
  if (!small) return null;
  const paper = paperLevel(small); // measured once for both checks below
  const frame = backgroundInFrame(small, paper);
  if (frame < MIN_BACKGROUND_FRAME) return null;
  // A page filling the frame within a dark border (a scanner's lid: the evaluation set's wills) has
  // nothing to straighten; told from the grey copy before OpenCV's load and search (0.2-0.6 s).
  if (paperExtent(small, paper) >= FILLS_FRAME) return null;
  const cv = await loadOpenCv();
  const found = findPageQuad(cv, small);
  if (!found) return null;
  // Pixel centres: pixel i of the grey copy spans pixels i·scale to (i + 1)·scale of the photo.
  const full = (v: number) => (v + 0.5) * small.scale - 0.5;
  const corners = found.quad.map(([x, y]): Corner => [full(x), full(y)]);
  const { width, height } = small.full;
  const page = await warpPage(cv, image, corners, width, height, options.maxPixels);
  const percent = (share: number) => `${String(Math.round(share * 100))} %`;
  return {
    image: page,
    corners: corners.map(([x, y]): Corner => [round1(x), round1(y)]),
    reason:
      `page outline found (${percent(found.area)} of the photo, edges along ` +
      `${percent(found.support)} of its sides, ${percent(frame)} of the frame background)`,
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;

async function greyCopy(image: Buffer): Promise<Small | null> {
  const upright = sharp(image, { failOn: 'none' }).autoOrient();
  const { width, height } = await upright.metadata().then(({ width: w, height: h, orientation }) =>
    // metadata() reports the stored size; EXIF orientations 5-8 swap the sides.
    (orientation ?? 1) >= 5 ? { width: h, height: w } : { width: w, height: h },
  );
  if (Math.min(width, height) < 200) return null;
  const scale = Math.max(1, Math.max(width, height) / OUTLINE_SIDE);
  const { data, info } = await upright
    .resize({
      width: Math.round(width / scale),
      height: Math.round(height / scale),
      fit: 'fill',
    })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Channels: greyscale() leaves one unless the image has alpha.
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels] ?? 0;
  return {
    grey,
    width: info.width,
    height: info.height,
    scale: Math.max(width / info.width, height / info.height),
    full: { width, height },
  };
}

/**
 * The share of the frame (the image's outer strip) that is unlike the paper: the paper's level
 * is the bright end of the middle of the image, and a frame pixel well away from it (darker, or
 * lighter) counts as background. Text near a scan's edge is sparse; a table around a page fills it.
 */
export function backgroundInFrame(
  { grey, width, height }: Pick<Small, 'grey' | 'width' | 'height'>,
  paper = paperLevel({ grey, width, height }),
): number {
  const unlike = Math.max(30, paper * 0.2);
  const band = Math.max(2, Math.round(Math.min(width, height) * FRAME));
  let frame = 0;
  let background = 0;
  for (let y = 0; y < height; y++) {
    const edgeRow = y < band || y >= height - band;
    for (let x = 0; x < width; x++) {
      // Rows in the middle: only their two ends are frame.
      if (!edgeRow && x === band) x = width - band;
      frame += 1;
      if (Math.abs((grey[y * width + x] ?? 0) - paper) > unlike) background += 1;
    }
  }
  return frame === 0 ? 0 : background / frame;
}

/**
 * The share of the image between the first and the last paper-like pixels of each row (three in a
 * row, from either side): about the share the page covers, its text included. Phone photos of the
 * hard set (seed 1): 0.13-0.51; the evaluation set's receipt photos 0.64-0.67; its will scanned
 * with a dark border 0.87.
 */
export function paperExtent(
  { grey, width, height }: Pick<Small, 'grey' | 'width' | 'height'>,
  paper = paperLevel({ grey, width, height }),
): number {
  const unlike = Math.max(30, paper * 0.2);
  const like = (y: number, x: number) => Math.abs((grey[y * width + x] ?? 0) - paper) <= unlike;
  const run = (y: number, x: number, step: number) =>
    like(y, x) && like(y, x + step) && like(y, x + 2 * step);
  let covered = 0;
  for (let y = 0; y < height; y++) {
    let left = -1;
    for (let x = 0; x + 2 < width; x++) {
      if (run(y, x, 1)) {
        left = x;
        break;
      }
    }
    if (left < 0) continue;
    let right = left;
    for (let x = width - 1; x - 2 > left; x--) {
      if (run(y, x, -1)) {
        right = x;
        break;
      }
    }
    covered += (right - left + 1) / width;
  }
  return height === 0 ? 0 : covered / height;
}

/** The paper's grey level: the bright end of the middle of the image. */
function paperLevel({ grey, width, height }: Pick<Small, 'grey' | 'width' | 'height'>): number {
  const middle: number[] = [];
  for (let y = Math.floor(height * 0.3); y < height * 0.7; y += 2)
    for (let x = Math.floor(width * 0.3); x < width * 0.7; x += 2)
      middle.push(grey[y * width + x] ?? 0);
  middle.sort((a, b) => a - b);
  return middle[Math.floor(middle.length * 0.9)] ?? 255;
}

type Point = [number, number];
type Quad = { quad: Point[]; area: number; support: number };

/** The most convincing page-shaped quadrilateral in the grey copy, or null. */
function findPageQuad(cv: OpenCv, small: Small): Quad | null {
  const { width, height } = small;
  const mats: Mat[] = [];
  const keep = <T extends Mat>(mat: T): T => {
    mats.push(mat);
    return mat;
  };
  try {
    const grey = keep(new cv.Mat(height, width, cv.CV_8UC1));
    grey.data.set(small.grey);
    const blurred = keep(new cv.Mat());
    cv.GaussianBlur(grey, blurred, new cv.Size(5, 5), 0);
    const candidates: Point[][] = [];
    // Paper against a darker (or lighter) background: Otsu's split, the text closed over.
    const mask = keep(new cv.Mat());
    // (The typings leave some of OpenCV's constants untyped: Number() makes them numbers.)
    cv.threshold(blurred, mask, 0, 255, Number(cv.THRESH_BINARY) + Number(cv.THRESH_OTSU));
    const closeSize = Math.max(5, Math.round(Math.min(width, height) / 40)) | 1;
    const kernel = keep(
      cv.getStructuringElement(Number(cv.MORPH_RECT), new cv.Size(closeSize, closeSize)),
    );
    const closed = keep(new cv.Mat());
    cv.morphologyEx(mask, closed, cv.MORPH_CLOSE, kernel);
    cv.morphologyEx(closed, closed, cv.MORPH_OPEN, kernel);
    candidates.push(...quadsIn(cv, closed, keep));
    // Where shading defeats one threshold: the edges themselves, joined.
    const edges = keep(new cv.Mat());
    cv.Canny(blurred, edges, 30, 90);
    const small3 = keep(cv.getStructuringElement(Number(cv.MORPH_RECT), new cv.Size(3, 3)));
    cv.dilate(edges, edges, small3);
    candidates.push(...quadsIn(cv, edges, keep));

    let best: Quad | null = null;
    for (const candidate of candidates) {
      const judged = judgeQuad(candidate, small);
      if (judged && (!best || judged.support * judged.area > best.support * best.area))
        best = judged;
    }
    return best && { ...best, quad: snapToEdges(best.quad, small) };
  } finally {
    for (const mat of mats) mat.delete();
  }
}

/** Four-cornered outlines among the largest shapes of a binary image. */
function quadsIn(cv: OpenCv, binary: Mat, keep: <T extends Mat>(mat: T) => T): Point[][] {
  const contours = new cv.MatVector();
  const hierarchy = keep(new cv.Mat());
  try {
    cv.findContours(
      binary,
      contours,
      hierarchy,
      Number(cv.RETR_LIST),
      Number(cv.CHAIN_APPROX_NONE),
    );
    const minArea = binary.rows * binary.cols * MIN_PAGE_AREA;
    const found: Point[][] = [];
    for (let i = 0; i < contours.size(); i++) {
      const contour = contours.get(i);
      try {
        if (cv.contourArea(contour) < minArea) continue;
        const hull = new cv.Mat();
        const approx = new cv.Mat();
        try {
          cv.convexHull(contour, hull, false, true);
          cv.approxPolyDP(hull, approx, cv.arcLength(hull, true) * 0.02, true);
          if (approx.rows !== 4) continue;
          const corners = orderCorners(points(approx));
          found.push(corners);
        } finally {
          hull.delete();
          approx.delete();
        }
      } finally {
        contour.delete();
      }
    }
    return found;
  } finally {
    contours.delete();
  }
}

function points(mat: Mat): Point[] {
  const data = mat.data32S;
  const out: Point[] = [];
  for (let i = 0; i + 1 < data.length; i += 2) out.push([data[i] ?? 0, data[i + 1] ?? 0]);
  return out;
}

/** Top-left, top-right, bottom-right, bottom-left. */
function orderCorners(corners: Point[]): Point[] {
  const cx = corners.reduce((s, [x]) => s + x, 0) / corners.length;
  const cy = corners.reduce((s, [, y]) => s + y, 0) / corners.length;
  const byAngle = [...corners].sort(
    (a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx),
  );
  // Clockwise on screen from the corner nearest the top-left.
  let first = 0;
  byAngle.forEach(([x, y], i) => {
    const [bx, by] = byAngle[first] ?? [0, 0];
    if (x + y < bx + by) first = i;
  });
  return [0, 1, 2, 3].map((k) => byAngle[(first + k) % 4] ?? [0, 0]);
}

/**
 * The quad's sides moved onto the brightness step itself: the outlines above follow a mask (a
 * threshold, or edges thickened to join them), which sits a pixel or so off the edge. Along each
 * side, the steepest point of the grey copy across it (within 3 pixels, to a quarter pixel) is
 * found, a line fitted through those points, and the corners put where the lines meet; a corner
 * that would move more than 4 pixels keeps its place.
 */
function snapToEdges(quad: Point[], { grey, width, height }: Small): Point[] {
  const at = (x: number, y: number) => {
    const x0 = Math.min(width - 2, Math.max(0, Math.floor(x)));
    const y0 = Math.min(height - 2, Math.max(0, Math.floor(y)));
    const fx = Math.min(1, Math.max(0, x - x0));
    const fy = Math.min(1, Math.max(0, y - y0));
    const p = (xx: number, yy: number) => grey[yy * width + xx] ?? 0;
    return (
      p(x0, y0) * (1 - fx) * (1 - fy) +
      p(x0 + 1, y0) * fx * (1 - fy) +
      p(x0, y0 + 1) * (1 - fx) * fy +
      p(x0 + 1, y0 + 1) * fx * fy
    );
  };
  const lines: { point: Point; direction: Point }[] = [];
  for (let side = 0; side < 4; side++) {
    const a = quad[side] ?? [0, 0];
    const b = quad[(side + 1) % 4] ?? [0, 0];
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const tx = (b[0] - a[0]) / length;
    const ty = (b[1] - a[1]) / length;
    const edge: Point[] = [];
    for (let s = 0.1; s <= 0.9; s += 0.02) {
      const x = a[0] + (b[0] - a[0]) * s;
      const y = a[1] + (b[1] - a[1]) * s;
      let bestStep = 0;
      let bestOffset = 0;
      for (let d = -3; d <= 3; d += 0.25) {
        const cx = x + ty * d;
        const cy = y - tx * d;
        const step = Math.abs(at(cx + ty, cy - tx) - at(cx - ty, cy + tx));
        if (step > bestStep) {
          bestStep = step;
          bestOffset = d;
        }
      }
      if (bestStep >= 20) edge.push([x + ty * bestOffset, y - tx * bestOffset]);
    }
    if (edge.length < 10) return quad;
    // Total least squares: through the mean, along the points' main direction.
    const mx = edge.reduce((sum, [x]) => sum + x, 0) / edge.length;
    const my = edge.reduce((sum, [, y]) => sum + y, 0) / edge.length;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    for (const [x, y] of edge) {
      sxx += (x - mx) ** 2;
      sxy += (x - mx) * (y - my);
      syy += (y - my) ** 2;
    }
    const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
    lines.push({ point: [mx, my], direction: [Math.cos(angle), Math.sin(angle)] });
  }
  const snapped: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const meet = intersect(lines[(i + 3) % 4], lines[i]);
    const old = quad[i] ?? [0, 0];
    if (!meet || Math.hypot(meet[0] - old[0], meet[1] - old[1]) > 4) return quad;
    snapped.push(meet);
  }
  return snapped;
}

function intersect(
  l1: { point: Point; direction: Point } | undefined,
  l2: { point: Point; direction: Point } | undefined,
): Point | null {
  if (!l1 || !l2) return null;
  const [x1, y1] = l1.point;
  const [dx1, dy1] = l1.direction;
  const [x2, y2] = l2.point;
  const [dx2, dy2] = l2.direction;
  const det = dx1 * dy2 - dy1 * dx2;
  if (Math.abs(det) < 1e-6) return null;
  const t = ((x2 - x1) * dy2 - (y2 - y1) * dx2) / det;
  return [x1 + t * dx1, y1 + t * dy1];
}

/** A page-shaped quad, with its share of the image and how well its sides follow edges, or null. */
function judgeQuad(quad: Point[], small: Small): Quad | null {
  const { width, height } = small;
  const area = Math.abs(shoelace(quad)) / (width * height);
  if (area < MIN_PAGE_AREA || area > MAX_PAGE_AREA) return null;
  // Convex, with no corner far from square.
  let turn = 0;
  for (let i = 0; i < 4; i++) {
    const p = quad[(i + 3) % 4] ?? [0, 0];
    const q = quad[i] ?? [0, 0];
    const r = quad[(i + 1) % 4] ?? [0, 0];
    const cross = (q[0] - p[0]) * (r[1] - q[1]) - (q[1] - p[1]) * (r[0] - q[0]);
    if (turn !== 0 && Math.sign(cross) !== turn) return null;
    turn = Math.sign(cross);
    const a1 = Math.atan2(p[1] - q[1], p[0] - q[0]);
    const a2 = Math.atan2(r[1] - q[1], r[0] - q[0]);
    let angle = Math.abs(((a1 - a2) * 180) / Math.PI) % 360;
    if (angle > 180) angle = 360 - angle;
    if (Math.abs(angle - 90) > MAX_CORNER_DEVIATION) return null;
  }
  // A side lying along the image's border is the frame cutting the page, not the page's edge.
  const margin = 2;
  for (let i = 0; i < 4; i++) {
    const a = quad[i] ?? [0, 0];
    const b = quad[(i + 1) % 4] ?? [0, 0];
    const onBorder = (pick: (p: Point) => number, limit: number) =>
      Math.abs(pick(a) - limit) <= margin && Math.abs(pick(b) - limit) <= margin;
    if (
      onBorder((p) => p[0], 0) ||
      onBorder((p) => p[1], 0) ||
      onBorder((p) => p[0], width - 1) ||
      onBorder((p) => p[1], height - 1)
    )
      return null;
  }
  if (area > FILLS_FRAME && isSquareOn(quad)) return null;
  const support = Math.min(...[0, 1, 2, 3].map((i) => edgeSupport(quad, i, small)));
  if (support < MIN_EDGE_SUPPORT) return null;
  return { quad, area, support };
}

/** Whether every side runs within SQUARE_ON degrees of the photo's horizontal or vertical. */
function isSquareOn(quad: Point[]): boolean {
  return [0, 1, 2, 3].every((i) => {
    const a = quad[i] ?? [0, 0];
    const b = quad[(i + 1) % 4] ?? [0, 0];
    const degrees = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    const offAxis = Math.abs(degrees - Math.round(degrees / 90) * 90);
    return offAxis <= SQUARE_ON;
  });
}

function shoelace(quad: Point[]): number {
  let sum = 0;
  for (let i = 0; i < quad.length; i++) {
    const [x1, y1] = quad[i] ?? [0, 0];
    const [x2, y2] = quad[(i + 1) % quad.length] ?? [0, 0];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

/**
 * The share of points along side `i` across which the brightness steps: a few pixels inside the
 * quad against a few outside, differing by a clear margin. Sides drawn through paper or through
 * the table fail; a real page edge passes along nearly all its length.
 */
function edgeSupport(quad: Point[], i: number, { grey, width, height }: Small): number {
  const a = quad[i] ?? [0, 0];
  const b = quad[(i + 1) % 4] ?? [0, 0];
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  // The outward normal of a clockwise (on screen) quad.
  const nx = (b[1] - a[1]) / length;
  const ny = -(b[0] - a[0]) / length;
  const at = (x: number, y: number) => {
    const xi = Math.min(width - 1, Math.max(0, Math.round(x)));
    const yi = Math.min(height - 1, Math.max(0, Math.round(y)));
    return grey[yi * width + xi] ?? 0;
  };
  const samples = 40;
  let stepped = 0;
  let counted = 0;
  for (let s = 1; s < samples; s++) {
    const t = s / samples;
    const x = a[0] + (b[0] - a[0]) * t;
    const y = a[1] + (b[1] - a[1]) * t;
    let inside = 0;
    let outside = 0;
    for (const d of [3, 4, 5]) {
      inside += at(x - nx * d, y - ny * d);
      outside += at(x + nx * d, y + ny * d);
    }
    // Points that fall outside the image cannot be judged either way.
    const ox = x + nx * 5;
    const oy = y + ny * 5;
    if (ox < 0 || oy < 0 || ox > width - 1 || oy > height - 1) continue;
    counted += 1;
    if (Math.abs(inside - outside) / 3 >= 20) stepped += 1;
  }
  return counted < samples / 2 ? 0 : stepped / counted;
}

// A phone's main camera: focal length about 0.7 of the photo's diagonal (26-35 mm equivalent).
const PHONE_FOCAL = 0.7;

/**
 * The page's true aspect (width / height), undoing foreshortening: from the quad, the camera's
 * focal length and then the rectangle's shape are recovered (Zhang and He, "Whiteboard scanning
 * and image enhancement", 2007), the principal point taken as the photo's centre. Where the quad
 * has parallel sides the focal length cannot be told from it and a phone's is assumed; where the
 * estimate is far from the sides' own ratio (a quad that is no real rectangle), that ratio.
 */
export function pageAspect(corners: Corner[], width: number, height: number): number {
  const [tl, tr, br, bl] = corners as [Corner, Corner, Corner, Corner];
  const side = (p: Corner, q: Corner) => Math.hypot(q[0] - p[0], q[1] - p[1]);
  const sides = Math.max(side(tl, tr), side(bl, br)) / Math.max(side(tl, bl), side(tr, br));
  type V = [number, number, number];
  const u0 = width / 2;
  const v0 = height / 2;
  const m1: V = [tl[0], tl[1], 1];
  const m2: V = [tr[0], tr[1], 1];
  const m3: V = [bl[0], bl[1], 1];
  const m4: V = [br[0], br[1], 1];
  const cross = (a: V, b: V): V => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3);
  const k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2);
  const n2: V = [k2 * m2[0] - m1[0], k2 * m2[1] - m1[1], k2 - 1];
  const n3: V = [k3 * m3[0] - m1[0], k3 * m3[1] - m1[1], k3 - 1];
  const diagonal = Math.hypot(width, height);
  let f2 =
    -(
      n2[0] * n3[0] -
      (n2[0] * n3[2] + n2[2] * n3[0]) * u0 +
      n2[2] * n3[2] * u0 * u0 +
      (n2[1] * n3[1] - (n2[1] * n3[2] + n2[2] * n3[1]) * v0 + n2[2] * n3[2] * v0 * v0)
    ) /
    (n2[2] * n3[2]);
  // Focal lengths outside what cameras have: the quad does not tell it (near-parallel sides).
  if (!Number.isFinite(f2) || f2 < (0.3 * diagonal) ** 2 || f2 > (3 * diagonal) ** 2)
    f2 = (PHONE_FOCAL * diagonal) ** 2;
  const f = Math.sqrt(f2);
  const norm = (n: V) => {
    const x = (n[0] - u0 * n[2]) / f;
    const y = (n[1] - v0 * n[2]) / f;
    return x * x + y * y + n[2] * n[2];
  };
  const aspect = Math.sqrt(norm(n2) / norm(n3));
  if (!Number.isFinite(aspect) || aspect <= 0 || aspect / sides > 1.5 || sides / aspect > 1.5)
    return sides;
  return aspect;
}

/**
 * The page cut out of the full-resolution image and warped to a rectangle as wide as the quad's
 * wider side and of the page's true aspect. Only the page's bounding box is decoded into OpenCV.
 */
async function warpPage(
  cv: OpenCv,
  image: Buffer,
  corners: Corner[],
  width: number,
  height: number,
  maxPixels = Number.POSITIVE_INFINITY,
): Promise<Buffer> {
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  const left = Math.max(0, Math.floor(Math.min(...xs)));
  const top = Math.max(0, Math.floor(Math.min(...ys)));
  const right = Math.min(width, Math.ceil(Math.max(...xs)) + 1);
  const bottom = Math.min(height, Math.ceil(Math.max(...ys)) + 1);
  const { data, info } = await sharp(image, { failOn: 'none' })
    .autoOrient()
    .extract({ left, top, width: right - left, height: bottom - top })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const side = (p: Corner, q: Corner) => Math.hypot(q[0] - p[0], q[1] - p[1]);
  const [tl, tr, br, bl] = corners as [Corner, Corner, Corner, Corner];
  let outWidth = Math.max(side(tl, tr), side(bl, br));
  let outHeight = outWidth / pageAspect(corners, width, height);
  const shrink = Math.min(1, Math.sqrt(maxPixels / (outWidth * outHeight)));
  outWidth = Math.max(1, Math.round(outWidth * shrink));
  outHeight = Math.max(1, Math.round(outHeight * shrink));

  // The outline's own pixels, half table and half paper, and a few of the page's margin fall
  // just outside the result: no line of table is left along its edges.
  const inset = Math.max(3, Math.round(0.005 * outWidth));
  const transform = perspective(
    corners.map(([x, y]): Corner => [x - left, y - top]),
    [
      [-inset, -inset],
      [outWidth - 1 + inset, -inset],
      [outWidth - 1 + inset, outHeight - 1 + inset],
      [-inset, outHeight - 1 + inset],
    ],
    cv,
  );
  const page = Buffer.alloc(outWidth * outHeight * 3);
  const rowsPerStrip = Math.max(1, Math.floor(STRIP_PIXELS / outWidth));
  for (let y0 = 0; y0 < outHeight; y0 += rowsPerStrip) {
    // OpenCV runs on this thread: other requests get a turn between strips.
    if (y0 > 0) await new Promise((resolve) => setImmediate(resolve));
    const y1 = Math.min(outHeight, y0 + rowsPerStrip);
    warpStrip(cv, { data, width: info.width, height: info.height }, transform, page, {
      width: outWidth,
      y0,
      y1,
    });
  }
  return sharp(page, { raw: { width: outWidth, height: outHeight, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

// The warp runs in strips of this many pixels of the result: OpenCV's WebAssembly memory grows
// to the largest image it has held and never shrinks, so it holds one strip and its source,
// not the whole photo (a page of 9 MP from a 12 MP photo: the process grew by 83 MB warped
// whole, by 42 MB in strips, most of that sharp's decoded copy).
const STRIP_PIXELS = 1_000_000;

type Matrix = number[]; // 3×3, row-major

const multiply = (a: Matrix, b: Matrix): Matrix =>
  [0, 1, 2].flatMap((r) =>
    [0, 1, 2].map((c) =>
      [0, 1, 2].reduce((sum, k) => sum + (a[r * 3 + k] ?? 0) * (b[k * 3 + c] ?? 0), 0),
    ),
  );

function invert(m: Matrix): Matrix {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0] = m;
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    (e * i - f * h) / det,
    (c * h - b * i) / det,
    (b * f - c * e) / det,
    (f * g - d * i) / det,
    (a * i - c * g) / det,
    (c * d - a * f) / det,
    (d * h - e * g) / det,
    (b * g - a * h) / det,
    (a * e - b * d) / det,
  ];
}

/** The homography taking the four `from` points to the four `to` points (OpenCV's solve). */
function perspective(from: Corner[], to: Corner[], cv: OpenCv): Matrix {
  const a = cv.matFromArray(4, 1, cv.CV_32FC2, from.flat());
  const b = cv.matFromArray(4, 1, cv.CV_32FC2, to.flat());
  const m = cv.getPerspectiveTransform(a, b);
  try {
    return Array.from(m.data64F);
  } finally {
    a.delete();
    b.delete();
    m.delete();
  }
}

/**
 * Rows y0 to y1 of the result: the part of the source they come from (the strip's corners mapped
 * back, two pixels of margin for the interpolation) copied into OpenCV and warped there.
 */
function warpStrip(
  cv: OpenCv,
  source: { data: Buffer; width: number; height: number },
  transform: Matrix,
  out: Buffer,
  strip: { width: number; y0: number; y1: number },
): void {
  const { width, y0, y1 } = strip;
  const back = invert(transform);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const [x, y] of [
    [0, y0],
    [width - 1, y0],
    [width - 1, y1 - 1],
    [0, y1 - 1],
  ] as const) {
    const w = (back[6] ?? 0) * x + (back[7] ?? 0) * y + (back[8] ?? 1);
    xs.push(((back[0] ?? 0) * x + (back[1] ?? 0) * y + (back[2] ?? 0)) / w);
    ys.push(((back[3] ?? 0) * x + (back[4] ?? 0) * y + (back[5] ?? 0)) / w);
  }
  const clampX = (v: number) => Math.min(source.width - 1, Math.max(0, v));
  const clampY = (v: number) => Math.min(source.height - 1, Math.max(0, v));
  const sx0 = clampX(Math.floor(Math.min(...xs)) - 2);
  const sx1 = clampX(Math.ceil(Math.max(...xs)) + 2);
  const sy0 = clampY(Math.floor(Math.min(...ys)) - 2);
  const sy1 = clampY(Math.ceil(Math.max(...ys)) + 2);
  const cols = sx1 - sx0 + 1;
  const rows = sy1 - sy0 + 1;
  // Result rows y0… from source pixels (sx0, sy0)…: shift the transform at both ends.
  const shifted = multiply(multiply([1, 0, 0, 0, 1, -y0, 0, 0, 1], transform), [
    1,
    0,
    sx0,
    0,
    1,
    sy0,
    0,
    0,
    1,
  ]);
  const part = new cv.Mat(rows, cols, cv.CV_8UC3);
  const matrix = cv.matFromArray(3, 3, cv.CV_64FC1, shifted);
  const warped = new cv.Mat();
  try {
    for (let r = 0; r < rows; r++) {
      const at = ((sy0 + r) * source.width + sx0) * 3;
      part.data.set(source.data.subarray(at, at + cols * 3), r * cols * 3);
    }
    cv.warpPerspective(
      part,
      warped,
      matrix,
      new cv.Size(width, y1 - y0),
      Number(cv.INTER_LINEAR),
      Number(cv.BORDER_REPLICATE),
    );
    out.set(warped.data, y0 * width * 3);
  } finally {
    part.delete();
    matrix.delete();
    warped.delete();
  }
}
