// Reads a PDF's own layout for the table reader: per page its size, its words with boxes and its
// ruling lines (horizontal and vertical segments drawn as paths). It runs in its own process so
// the API can kill it (timeout, address-space and CPU limits) when a hostile file makes pdfjs spin.
// Usage: node pdf-layout.mjs FILE PAGE[,PAGE...]  → JSON on stdout: [{page,width,height,words,lines}]
// Coordinates: points, origin top left, y down, after the page's /Rotate (pdfjs's viewport).
import { readFile } from 'node:fs/promises';
import { getDocument, OPS, Util } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdfjs's path buffer codes (DrawOPS in pdfjs 5): a constructPath carries its paint operator and
// one flat buffer of these codes followed by their coordinates.
const MOVE_TO = 0;
const LINE_TO = 1;
const CURVE_TO = 2;
const QUAD_TO = 3;
const CLOSE = 4;

// A filled rectangle this thin (points) is a drawn rule, not a shaded area.
const THIN = 2.5;
// Segments shorter than this are glyph-like marks, not rules.
const MIN_LINE = 3;
// How far from axis-aligned a segment may be and still count as a rule.
const SKEW = 0.8;

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

const [file, pageList] = process.argv.slice(2);
const asked = String(pageList ?? '')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);

/** Splits one text item into words, placing each along the item's advance by character share. */
function itemWords(item, viewportTransform) {
  const text = item.str;
  if (!text || !text.trim()) return [];
  const m = Util.transform(viewportTransform, item.transform);
  const size = Math.hypot(m[2], m[3]) || Math.hypot(m[0], m[1]) || 1;
  const angle = Math.atan2(m[1], m[0]);
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  // "Up" is perpendicular to the advance, towards smaller y when the text is upright.
  const vx = uy;
  const vy = -ux;
  // item.width is the advance in page units (pdfjs's text layer scales it by the viewport's scale,
  // which is 1 here); vertical text carries its advance in height.
  const length =
    item.width > 0 ? item.width : item.height > 0 ? item.height : size * text.length * 0.5;
  // Character shares: a space is narrower than an average glyph in proportional fonts.
  const weight = (ch) => (ch === ' ' ? 0.55 : 1);
  const chars = [...text];
  const total = chars.reduce((a, ch) => a + weight(ch), 0) || 1;
  const unit = length / total;
  const rtl = item.dir === 'rtl' || (item.dir !== 'ltr' && RTL.test(text));
  const words = [];
  let offset = 0;
  let current = '';
  let start = 0;
  const flush = (end) => {
    if (!current) return;
    // Along the advance: an RTL item's logical start is at its right end.
    const a = rtl ? length - end : start;
    const b = rtl ? length - start : end;
    const corners = [
      [a, -0.22],
      [b, -0.22],
      [a, 0.8],
      [b, 0.8],
    ].map(([s, h]) => [m[4] + ux * s + vx * h * size, m[5] + uy * s + vy * h * size]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    words.push({
      text: current,
      x0: round(Math.min(...xs)),
      y0: round(Math.min(...ys)),
      x1: round(Math.max(...xs)),
      y1: round(Math.max(...ys)),
    });
    current = '';
  };
  for (const ch of chars) {
    const w = weight(ch) * unit;
    if (/\s/.test(ch)) {
      flush(offset);
      offset += w;
      continue;
    }
    if (!current) start = offset;
    current += ch;
    offset += w;
  }
  flush(offset);
  return words;
}

function round(x) {
  return Math.round(x * 100) / 100;
}

/** The page's ruling lines from its operator list, in viewport coordinates. */
function pageLines(ops, viewportTransform) {
  const lines = [];
  let ctm = [1, 0, 0, 1, 0, 0];
  const stack = [];
  const apply = (x, y) => {
    const [a, b, c, d, e, f] = Util.transform(viewportTransform, ctm);
    return [a * x + c * y + e, b * x + d * y + f];
  };
  const segment = (p, q) => {
    const dx = Math.abs(p[0] - q[0]);
    const dy = Math.abs(p[1] - q[1]);
    if (dy <= SKEW && dx >= MIN_LINE) {
      const y = round((p[1] + q[1]) / 2);
      lines.push({
        x0: round(Math.min(p[0], q[0])),
        y0: y,
        x1: round(Math.max(p[0], q[0])),
        y1: y,
      });
    } else if (dx <= SKEW && dy >= MIN_LINE) {
      const x = round((p[0] + q[0]) / 2);
      lines.push({
        x0: x,
        y0: round(Math.min(p[1], q[1])),
        x1: x,
        y1: round(Math.max(p[1], q[1])),
      });
    }
  };
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.transform) ctm = Util.transform(ctm, args);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args?.[0]) || ArrayBuffer.isView(args?.[0]))
        ctm = Util.transform(ctm, Array.from(args[0]));
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? [1, 0, 0, 1, 0, 0];
    else if (fn === OPS.constructPath) {
      const paint = args[0];
      const buffer = args[1]?.[0];
      if (!buffer || paint === OPS.endPath) continue;
      const filled = [
        OPS.fill,
        OPS.eoFill,
        OPS.fillStroke,
        OPS.eoFillStroke,
        OPS.closeFillStroke,
        OPS.closeEOFillStroke,
      ].includes(paint);
      // Subpaths as lists of points (curves break a subpath: they are not rules).
      const subpaths = [];
      let current = null;
      for (let k = 0; k < buffer.length;) {
        const code = buffer[k];
        if (code === MOVE_TO) {
          current = { points: [apply(buffer[k + 1], buffer[k + 2])], closed: false };
          subpaths.push(current);
          k += 3;
        } else if (code === LINE_TO) {
          const p = apply(buffer[k + 1], buffer[k + 2]);
          if (!current) {
            current = { points: [], closed: false };
            subpaths.push(current);
          }
          current.points.push(p);
          k += 3;
        } else if (code === CURVE_TO) {
          current = { points: [apply(buffer[k + 5], buffer[k + 6])], closed: false };
          subpaths.push(current);
          k += 7;
        } else if (code === QUAD_TO) {
          current = { points: [apply(buffer[k + 3], buffer[k + 4])], closed: false };
          subpaths.push(current);
          k += 5;
        } else if (code === CLOSE) {
          if (current) current.closed = true;
          k += 1;
        } else break;
      }
      for (const sp of subpaths) {
        const pts = sp.points;
        if (pts.length < 2) continue;
        const xs = pts.map((p) => p[0]);
        const ys = pts.map((p) => p[1]);
        const w = Math.max(...xs) - Math.min(...xs);
        const h = Math.max(...ys) - Math.min(...ys);
        // A filled shape: a thin one is a rule (its long centre line); a larger box gives its edges.
        if (filled && (w <= THIN || h <= THIN) && (w >= MIN_LINE || h >= MIN_LINE)) {
          const cx = (Math.max(...xs) + Math.min(...xs)) / 2;
          const cy = (Math.max(...ys) + Math.min(...ys)) / 2;
          if (w >= h) segment([Math.min(...xs), cy], [Math.max(...xs), cy]);
          else segment([cx, Math.min(...ys)], [cx, Math.max(...ys)]);
          continue;
        }
        for (let k = 1; k < pts.length; k++) segment(pts[k - 1], pts[k]);
        if (sp.closed || filled) segment(pts[pts.length - 1], pts[0]);
      }
    }
  }
  return lines;
}

try {
  const data = new Uint8Array(await readFile(file));
  const doc = await getDocument({
    data,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    isOffscreenCanvasSupported: false,
    stopAtErrors: false,
    verbosity: 0,
  }).promise;
  const out = [];
  for (const number of asked) {
    if (number > doc.numPages) throw new Error(`no page ${number}`);
    const page = await doc.getPage(number);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent({ disableNormalization: false });
    const words = [];
    for (const item of content.items)
      if ('str' in item) words.push(...itemWords(item, viewport.transform));
    // A page without text (a scan) is OCRed by the caller, which finds its lines in the pixels:
    // its operator list is not built (pdfjs would decode the page's images for it).
    const lines = words.length ? pageLines(await page.getOperatorList(), viewport.transform) : [];
    out.push({
      page: number,
      width: round(viewport.width),
      height: round(viewport.height),
      source: 'pdf-text',
      words,
      lines,
    });
    page.cleanup();
  }
  await doc.destroy();
  process.stdout.write(JSON.stringify(out));
} catch (error) {
  process.stderr.write(
    `pdf-layout failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(error?.name === 'PasswordException' ? 3 : 2);
}
