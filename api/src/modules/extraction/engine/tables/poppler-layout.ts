// A digital PDF's own layout (words with boxes, ruling lines) for the table reader, read by
// poppler's tools, which the text reader already runs (pdf.ts): `pdftotext -bbox-layout` gives
// every word with its box (points, origin top left, after the page's /Rotate) and
// `pdftocairo -svg` draws the page's paths, from which the ruling lines are taken
// (svg-lines.ts). Both are native and start in milliseconds, where a Node child loading pdf.js
// took ~0.2 s before reading anything. They run at once, each under the caller's timeout and
// address-space and CPU limits, so a hostile file cannot hang or exhaust the API; a page whose
// text turns out unusable (a scan) has its drawing cancelled: it is OCRed, and its lines are
// then found in its pixels.
import { fileURLToPath } from 'node:url';
import { childEnv } from '../../../../common/process/child-env.js';
import { ProcessTimeoutError, runProcess } from '../../../../common/process/run-process.js';
import type { ProcessResult } from '../../../../common/process/run-process.js';
import type { ResourceLimits } from '../../../../common/process/resource-limits.js';
import { extractionErrors } from '../errors.js';
import { looksUndecodable } from '../pdf.js';
import type { LayoutPage, PageWord } from './layout.js';
import { svgRulingLines } from './svg-lines.js';

// pdftocairo draws the page only for its paths: with no fonts configured it does not look for a
// font the PDF does not embed (fontconfig's search is most of its start on such a file).
const NO_FONTS = fileURLToPath(new URL('../../../../../workers/no-fonts.conf', import.meta.url));
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;
// Characters that keep their left-to-right order inside a right-to-left word (numbers, Latin).
const LTR_RUN = /[\p{N}\p{Script=Latin}]+(?:[.,:/%-][\p{N}\p{Script=Latin}]+)*%?/gu;
const MIRRORED: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
};

/**
 * Whether a page's own words are worth reading, by the rule the text reader applies to its text
 * layer (pdf.ts): a few real letters or digits (a scan's stray page number is not enough), and no
 * control characters or replacement marks (a font with a broken ToUnicode map). Otherwise the
 * page is OCRed.
 */
export function usableText(words: PageWord[]): boolean {
  const text = words.map((w) => w.text).join(' ');
  const meaningful = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  return meaningful >= 3 && !looksUndecodable(text);
}

/**
 * pdftotext writes a right-to-left word's characters in the order they stand on the page (left to
 * right); the reader wants them in reading order. The word is reversed, except its runs of
 * digits and Latin letters, which read left to right within it (a year, an amount), and its
 * brackets are mirrored (a bracket's glyph faces the other way in reading order).
 */
export function logicalWord(text: string): string {
  if (!RTL.test(text)) return text;
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(LTR_RUN)) {
    const at = m.index;
    for (const ch of text.slice(last, at)) parts.push(MIRRORED[ch] ?? ch);
    parts.push(m[0]);
    last = at + m[0].length;
  }
  for (const ch of text.slice(last)) parts.push(MIRRORED[ch] ?? ch);
  return parts.reverse().join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? '';
  });
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

type TextPage = { width: number; height: number; words: PageWord[] };

/** pdftotext -bbox-layout's XHTML: per page its (unrotated) size and its words in order. */
export function parseBboxLayout(xhtml: string): TextPage[] {
  const pages: TextPage[] = [];
  const chunks = xhtml.split(/<page\s/).slice(1);
  for (const chunk of chunks) {
    const width = Number(/width="([\d.]+)"/.exec(chunk)?.[1] ?? 0);
    const height = Number(/height="([\d.]+)"/.exec(chunk)?.[1] ?? 0);
    const words: PageWord[] = [];
    const pattern =
      /<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)" xMax="(-?[\d.]+)" yMax="(-?[\d.]+)">([^<]*)<\/word>/g;
    for (const m of chunk.matchAll(pattern)) {
      const text = logicalWord(unescapeXml(m[5] ?? '')).trim();
      if (!text) continue;
      words.push({
        text,
        x0: round(Number(m[1])),
        y0: round(Number(m[2])),
        x1: round(Number(m[3])),
        y1: round(Number(m[4])),
      });
    }
    pages.push({ width, height, words });
  }
  return pages;
}

type Drawn = { result: ProcessResult } | { error: unknown };

function failed(result: ProcessResult): never {
  if (/password|encrypt/i.test(result.stderr)) throw extractionErrors.encryptedPdf();
  throw extractionErrors.corruptPdf();
}

type LayoutOptions = { timeoutMs: number; process?: ResourceLimits };

/**
 * Each asked page's size (points, after its /Rotate), words (logical order inside a word; origin
 * top left, y down) and ruling lines. A page without a usable text layer (none, a stray word or
 * two, or undecodable) gives `words: []` and `lines: []`: the caller reads it by OCR instead.
 * `pages` are read by one pdftotext run over their span and one pdftocairo run each.
 */
export async function readPopplerLayout(
  file: string,
  pages: number[],
  options: LayoutOptions,
): Promise<LayoutPage[]> {
  if (pages.length === 0) return [];
  return (await readLayouts(file, pages, options, Math.max(...pages))).layouts;
}

/**
 * One page's layout, as readPopplerLayout reads it, before the document's page count is known:
 * pdftotext also looks at the page after it, so a document that ends at `page` is known to
 * (`lastPage`); otherwise `lastPage` is null. It runs the same two children as reading the page
 * alone would, where pdfinfo would have been a third (engine.ts, the command line's one-page
 * files). Any failure (a page past the end, a locked or damaged file) throws: the caller then
 * opens the document the usual way, whose checks give the right error.
 */
export async function readFirstLayout(
  file: string,
  page: number,
  options: LayoutOptions,
): Promise<{ layout: LayoutPage; lastPage: number | null }> {
  const { layouts, textPages } = await readLayouts(file, [page], options, page + 1);
  const layout = layouts[0];
  if (!layout) throw extractionErrors.corruptPdf();
  return { layout, lastPage: textPages === 1 ? page : null };
}

/** `pages` laid out, with pdftotext reading from the first of them to `last`. */
async function readLayouts(
  file: string,
  pages: number[],
  options: LayoutOptions,
  last: number,
): Promise<{ layouts: LayoutPage[]; textPages: number }> {
  const first = Math.min(...pages);
  const limits = options.process ? { limits: options.process } : {};
  const drawings = pages.map((page) => {
    const controller = new AbortController();
    const run = runProcess(
      'pdftocairo',
      ['-svg', '-f', String(page), '-l', String(page), file, '-'],
      {
        timeoutMs: options.timeoutMs,
        maxOutputBytes: 256 * 1024 * 1024,
        signal: controller.signal,
        env: childEnv({ FONTCONFIG_FILE: NO_FONTS }),
        ...limits,
      },
    );
    // Settled here so that a cancelled or failed drawing is never an unhandled rejection.
    const settled = run.then(
      (result): Drawn => ({ result }),
      (error: unknown): Drawn => ({ error }),
    );
    return { controller, settled };
  });
  try {
    const text = await runProcess(
      'pdftotext',
      [
        // The crop box, as pdftocairo draws the page (pdftotext's own default is the media box).
        ...['-bbox-layout', '-cropbox', '-enc', 'UTF-8'],
        ...['-f', String(first), '-l', String(last), file, '-'],
      ],
      { timeoutMs: options.timeoutMs, maxOutputBytes: 64 * 1024 * 1024, ...limits },
    );
    if (text.code !== 0) failed(text);
    const textPages = parseBboxLayout(text.stdout.toString('utf8'));
    const own = pages.map((page) => textPages[page - first]);
    const usable = own.map((p) => p !== undefined && usableText(p.words));
    // A page without usable text is read from its pixels: its drawing is not waited for.
    usable.forEach((ok, i) => {
      if (!ok) drawings[i]?.controller.abort();
    });
    const out: LayoutPage[] = [];
    for (const [i, page] of pages.entries()) {
      const words = own[i];
      // pdftotext stopped short of this page: the file is damaged.
      if (!words) throw extractionErrors.corruptPdf();
      const drawing = drawings[i];
      if (!usable[i] || !drawing) {
        out.push({
          page,
          width: words.width,
          height: words.height,
          source: 'pdf-text',
          words: [],
          lines: [],
        });
        continue;
      }
      const drawn = await drawing.settled;
      if ('error' in drawn) throw drawn.error;
      if (drawn.result.code !== 0) failed(drawn.result);
      const { width, height, lines } = svgRulingLines(drawn.result.stdout.toString('utf8'));
      // The drawing's size is the page's after /Rotate (pdftotext's is before it).
      out.push({
        page,
        width: width || words.width,
        height: height || words.height,
        source: 'pdf-text',
        words: words.words,
        lines,
      });
    }
    return { layouts: out, textPages: textPages.length };
  } catch (error) {
    if (error instanceof ProcessTimeoutError) throw extractionErrors.timeout();
    throw error;
  } finally {
    // Whatever ended the read, no drawing is left running.
    for (const drawing of drawings) drawing.controller.abort();
    await Promise.all(drawings.map((d) => d.settled));
  }
}
