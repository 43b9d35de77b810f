// A page's words as an invoice reader walks them: lines (words that overlap vertically), and
// within a line, segments (words closer than a wide gap), so that "Subtotal" and its amount far
// to the right are two segments of one line, and "Invoice #: INV-1" one segment.
import type { Box, LayoutPage, PageWord } from './layout.js';
import { normaliseWord } from './invoice-labels.js';

export type Word = PageWord & { norm: string };

/** `size`: the text's size, for telling a heading from body text. */
export type Segment = Box & {
  words: Word[];
  norms: string[];
  text: string;
  height: number;
  size: number;
};

export type Line = Box & { page: number; ocr: boolean; segments: Segment[]; height: number };

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function boxOf(words: Box[]): Box {
  return {
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/**
 * Splits "Total:$1,234.50" and "#00042" into a label part and a value part, their boxes shared
 * in proportion to their characters: a PDF or OCR word may hold both when no space was printed.
 */
function splitGlued(word: PageWord): PageWord[] {
  // A label's colon ("Total:") or a number sign ("#00042") with more after it; not "10:30".
  const m = /^([^:\d]+:)(\S+)$/.exec(word.text) ?? /^(#)(\S+)$/.exec(word.text);
  const [, label, rest] = m ?? [];
  if (!label || !rest) return [word];
  const cut = word.x0 + ((word.x1 - word.x0) * label.length) / word.text.length;
  return [
    { ...word, text: label, x1: cut },
    { ...word, text: rest, x0: cut },
  ];
}

/**
 * A word's size: its height, unless its characters are narrow for it. An OCR word's box can take
 * in a ruling line just below it (seen at 110 dpi: a 10 pt header as tall as a 20 pt name); its
 * characters' mean width (about half the font size) cannot.
 */
function sizeOf(w: PageWord): number {
  return Math.min(w.y1 - w.y0, (2 * (w.x1 - w.x0)) / Math.max(1, w.text.length));
}

/** Groups a page's words into lines by vertical overlap, then each line into segments. */
export function linesOf(page: LayoutPage, skip: (w: PageWord) => boolean = () => false): Line[] {
  const ocr = page.source === 'ocr';
  const words: Word[] = page.words
    .filter((w) => w.text.trim() && !skip(w))
    .flatMap(splitGlued)
    .map((w) => ({ ...w, norm: normaliseWord(w.text, ocr) }));
  words.sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const groups: { box: Box; words: Word[] }[] = [];
  for (const word of words) {
    const line = groups[groups.length - 1];
    const h = word.y1 - word.y0;
    if (line) {
      const overlap = Math.min(line.box.y1, word.y1) - Math.max(line.box.y0, word.y0);
      // Half the smaller height: a large title beside small text is one line, two lines of
      // small text that touch are not.
      if (overlap >= 0.5 * Math.min(h, line.box.y1 - line.box.y0)) {
        line.words.push(word);
        line.box = boxOf([line.box, word]);
        continue;
      }
    }
    groups.push({ box: { x0: word.x0, y0: word.y0, x1: word.x1, y1: word.y1 }, words: [word] });
  }
  return groups.map(({ box, words: lineWords }) => {
    lineWords.sort((a, b) => a.x0 - b.x0);
    const height = median(lineWords.map((w) => w.y1 - w.y0));
    const segments: Word[][] = [];
    for (const word of lineWords) {
      const current = segments[segments.length - 1];
      const prev = current?.[current.length - 1];
      // A space is about a third of the font size; a gap wider than the text's height is a
      // column gap (a label and its value set apart, or two blocks side by side).
      if (prev && word.x0 - prev.x1 <= height) current.push(word);
      else segments.push([word]);
    }
    return {
      ...box,
      page: page.page,
      ocr,
      height,
      segments: segments.map((segWords) => ({
        ...boxOf(segWords),
        words: segWords,
        norms: segWords.map((w) => w.norm),
        text: segWords.map((w) => w.text).join(' '),
        height: median(segWords.map((w) => w.y1 - w.y0)),
        size: median(segWords.map(sizeOf)),
      })),
    };
  });
}

/** How much two spans overlap (negative: the gap between them). */
export function overlapX(a: Box, b: Box): number {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
}
