// A PDF page's ruling lines from poppler's drawing of it (`pdftocairo -svg`): cairo writes every
// path the page paints as an SVG <path> (absolute M/L/C/Z data, a `transform` matrix when the
// PDF's CTM was not the identity) inside <g> groups, and the glyphs as <symbol>s in <defs> used by
// <use>. Only painted paths outside <defs> are read; clip paths, masks, patterns and glyphs are
// not rules. The rule for what counts is the one the earlier pdf.js reader applied to its operator list:
// an axis-aligned segment of a stroked path, a thin filled rectangle as its centre line, and the
// edges of any other filled shape.
import type { RulingLine } from './layout.js';

/** A 2-D affine matrix [a, b, c, d, e, f] as in SVG and PDF. */
type Matrix = [number, number, number, number, number, number];
type Point = [number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
// A filled rectangle this thin (points) is a drawn rule, not a shaded area.
const THIN = 2.5;
// Segments shorter than this are glyph-like marks, not rules.
const MIN_LINE = 3;
// How far from axis-aligned a segment may be and still count as a rule.
const SKEW = 0.8;
// Containers whose paths are never painted as they stand (definitions, clips, masks).
const HIDDEN = new Set([
  'defs',
  'clippath',
  'mask',
  'pattern',
  'symbol',
  'marker',
  'lineargradient',
  'radialgradient',
]);

const TAG = /<(\/?)([A-Za-z][\w:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

function multiply(m: Matrix, n: Matrix): Matrix {
  // m applied after n: (m ∘ n)(p) = m(n(p)).
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const ATTRIBUTES = new Map<string, RegExp>();
function attribute(attrs: string, name: string): string | null {
  let pattern = ATTRIBUTES.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
    ATTRIBUTES.set(name, pattern);
  }
  const m = pattern.exec(attrs);
  return m ? (m[1] ?? m[2] ?? '') : null;
}

/** An SVG transform list (matrix, translate, scale; cairo writes only matrix). */
export function parseTransform(value: string | null): Matrix {
  if (!value) return IDENTITY;
  let result: Matrix = IDENTITY;
  for (const m of value.matchAll(/(matrix|translate|scale)\s*\(([^)]*)\)/g)) {
    const n = (m[2] ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    let t: Matrix = IDENTITY;
    if (m[1] === 'matrix' && n.length === 6) t = n as Matrix;
    else if (m[1] === 'translate') t = [1, 0, 0, 1, n[0] ?? 0, n[1] ?? 0];
    else if (m[1] === 'scale') t = [n[0] ?? 1, 0, 0, n[1] ?? n[0] ?? 1, 0, 0];
    if (t.every(Number.isFinite)) result = multiply(result, t);
  }
  return result;
}

type Subpath = { points: Point[]; closed: boolean };

/** Path data as subpaths of points; a curve ends a subpath (curves are not rules). */
export function parsePathData(d: string): Subpath[] {
  const subpaths: Subpath[] = [];
  const tokens = d.match(/[MmLlHhVvCcSsQqTtAaZz]|-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  let current: Subpath | null = null;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let command = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  const start = (px: number, py: number): Subpath => {
    const subpath: Subpath = { points: [[px, py]], closed: false };
    subpaths.push(subpath);
    current = subpath;
    return subpath;
  };
  const lineTo = (px: number, py: number) => {
    (current ?? start(x, y)).points.push([px, py]);
  };
  // A closepath ends the subpath drawn so far (a function, so the type of `current` is not
  // narrowed away by the closures that set it).
  const closeCurrent = () => {
    const open: Subpath | null = current;
    if (open) open.closed = true;
  };
  // Arguments each command takes (a command repeats while numbers follow it).
  const arity: Record<string, number> = {
    m: 2,
    l: 2,
    h: 1,
    v: 1,
    c: 6,
    s: 4,
    q: 4,
    t: 2,
    a: 7,
    z: 0,
  };
  while (i < tokens.length) {
    const token = tokens[i] ?? '';
    if (/[A-Za-z]/.test(token)) {
      command = token;
      i += 1;
      if (command === 'Z' || command === 'z') {
        closeCurrent();
        x = startX;
        y = startY;
        current = null;
        continue;
      }
    } else if (!command) {
      break;
    }
    const lower = command.toLowerCase();
    const need = arity[lower] ?? 0;
    if (i + need > tokens.length || tokens.slice(i, i + need).some((t) => /[A-Za-z]/.test(t)))
      break;
    const rel = command === lower;
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    if (lower === 'm') {
      x = ox + num();
      y = oy + num();
      startX = x;
      startY = y;
      start(x, y);
      // Further pairs after a moveto are linetos.
      command = rel ? 'l' : 'L';
    } else if (lower === 'l') {
      x = ox + num();
      y = oy + num();
      lineTo(x, y);
    } else if (lower === 'h') {
      x = ox + num();
      lineTo(x, y);
    } else if (lower === 'v') {
      y = oy + num();
      lineTo(x, y);
    } else {
      // A curve or arc: skip its control points, restart at its end point.
      const args = Array.from({ length: need }, num);
      x = ox + (args[need - 2] ?? 0);
      y = oy + (args[need - 1] ?? 0);
      start(x, y);
    }
  }
  return subpaths;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function pushSegment(lines: RulingLine[], p: Point, q: Point): void {
  const dx = Math.abs(p[0] - q[0]);
  const dy = Math.abs(p[1] - q[1]);
  if (dy <= SKEW && dx >= MIN_LINE) {
    const y = round((p[1] + q[1]) / 2);
    lines.push({ x0: round(Math.min(p[0], q[0])), y0: y, x1: round(Math.max(p[0], q[0])), y1: y });
  } else if (dx <= SKEW && dy >= MIN_LINE) {
    const x = round((p[0] + q[0]) / 2);
    lines.push({ x0: x, y0: round(Math.min(p[1], q[1])), x1: x, y1: round(Math.max(p[1], q[1])) });
  }
}

/** Whether a path element paints its inside (cairo writes `fill:none` for a stroke only). */
function isFilled(style: string | null, fill: string | null): boolean {
  const fromStyle = style ? /(?:^|;)\s*fill\s*:\s*([^;]+)/.exec(style)?.[1]?.trim() : undefined;
  const value = fromStyle ?? fill ?? 'black';
  return value !== 'none';
}

function isStroked(style: string | null, stroke: string | null): boolean {
  const fromStyle = style ? /(?:^|;)\s*stroke\s*:\s*([^;]+)/.exec(style)?.[1]?.trim() : undefined;
  const value = fromStyle ?? stroke ?? 'none';
  return value !== 'none';
}

/**
 * The page's size (its viewBox: points, after /Rotate) and its ruling lines (origin top left,
 * y down, as the page's words) from cairo's SVG of it.
 */
export function svgRulingLines(svg: string): {
  width: number;
  height: number;
  lines: RulingLine[];
} {
  const lines: RulingLine[] = [];
  let width = 0;
  let height = 0;
  // One entry per open element: its matrix and whether it is hidden.
  const stack: { name: string; matrix: Matrix; hidden: boolean }[] = [];
  let matrix: Matrix = IDENTITY;
  let hidden = false;
  for (const m of svg.matchAll(TAG)) {
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    const attrs = m[3] ?? '';
    const selfClosing = m[4] === '/';
    if (closing) {
      // Unwind to the matching element (cairo's output is well formed; this also survives a
      // stray close).
      for (let top = stack.pop(); top; top = stack.pop()) {
        const parent = stack.at(-1);
        matrix = parent?.matrix ?? IDENTITY;
        hidden = parent?.hidden ?? false;
        if (top.name === name) break;
      }
      continue;
    }
    if (name === 'svg' && width === 0) {
      const box = attribute(attrs, 'viewBox')
        ?.split(/[\s,]+/)
        .map(Number);
      const [, , boxWidth, boxHeight] = box ?? [];
      if (box?.every(Number.isFinite) && boxWidth !== undefined && boxHeight !== undefined) {
        width = boxWidth;
        height = boxHeight;
      } else {
        width = parseFloat(attribute(attrs, 'width') ?? '0') || 0;
        height = parseFloat(attribute(attrs, 'height') ?? '0') || 0;
      }
    }
    const own = parseTransform(attribute(attrs, 'transform'));
    const elementMatrix = own === IDENTITY ? matrix : multiply(matrix, own);
    const elementHidden = hidden || HIDDEN.has(name);
    if (name === 'path' && !elementHidden) {
      const d = attribute(attrs, 'd');
      const style = attribute(attrs, 'style');
      const filled = isFilled(style, attribute(attrs, 'fill'));
      const stroked = isStroked(style, attribute(attrs, 'stroke'));
      if (d && (filled || stroked)) addPath(lines, d, elementMatrix, filled);
    }
    if (!selfClosing) {
      stack.push({ name, matrix: elementMatrix, hidden: elementHidden });
      matrix = elementMatrix;
      hidden = elementHidden;
    }
  }
  return { width: round(width), height: round(height), lines };
}

function addPath(lines: RulingLine[], d: string, matrix: Matrix, filled: boolean): void {
  const [a, b, c, dd, e, f] = matrix;
  const apply = ([x, y]: Point): Point => [a * x + c * y + e, b * x + dd * y + f];
  for (const sp of parsePathData(d)) {
    const pts = sp.points.map(apply);
    if (pts.length < 2) continue;
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    const minX = Math.min(...xs);
    const maxX = Math.max(...xs);
    const minY = Math.min(...ys);
    const maxY = Math.max(...ys);
    const w = maxX - minX;
    const h = maxY - minY;
    // A filled shape: a thin one is a rule (its long centre line); a larger one gives its edges.
    if (filled && (w <= THIN || h <= THIN) && (w >= MIN_LINE || h >= MIN_LINE)) {
      const cx = (minX + maxX) / 2;
      const cy = (minY + maxY) / 2;
      if (w >= h) pushSegment(lines, [minX, cy], [maxX, cy]);
      else pushSegment(lines, [cx, minY], [cx, maxY]);
      continue;
    }
    pts.forEach((p, k) => {
      const previous = pts[k - 1];
      if (previous) pushSegment(lines, previous, p);
    });
    const [firstPoint] = pts;
    const lastPoint = pts.at(-1);
    if ((sp.closed || filled) && firstPoint && lastPoint) pushSegment(lines, lastPoint, firstPoint);
  }
}
