// Test helpers: real PDFs drawn with pdfkit, and their words as LayoutPages read by poppler's
// `pdftotext -bbox-layout` (points, origin top left), standing in for the PDF word reader.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeHTML } from 'entities';
import type { Box, FoundTable, LayoutPage, PageWord } from '../layout.js';

const run = promisify(execFile);

export const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** The part of pdfkit's document these tests draw with (pdfkit ships no types). */
export type PdfDoc = {
  font(path: string): PdfDoc;
  fontSize(size: number): PdfDoc;
  text(
    text: string,
    x: number,
    y: number,
    options?: { width?: number; align?: 'left' | 'right'; lineBreak?: boolean },
  ): PdfDoc;
  moveTo(x: number, y: number): PdfDoc;
  lineTo(x: number, y: number): PdfDoc;
  stroke(): PdfDoc;
  addPage(): PdfDoc;
  end(): void;
  on(event: 'data', listener: (chunk: Buffer) => void): PdfDoc;
  on(event: 'end', listener: () => void): PdfDoc;
};

type PdfKit = { default: new (options: { size: string; margin: number }) => PdfDoc };

/** A letter-size PDF drawn by `draw`, as bytes. */
export async function makePdf(draw: (doc: PdfDoc) => void): Promise<Buffer> {
  // A computed specifier: pdfkit has no type declarations, its shape is PdfKit above.
  const specifier = 'pdfkit';
  const { default: PDFDocument } = (await import(specifier)) as PdfKit;
  const doc = new PDFDocument({ size: 'LETTER', margin: 0 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  doc.font(FONT);
  draw(doc);
  doc.end();
  return done;
}

async function inTemp<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'invoice-spec-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const attr = (tag: string, name: string) =>
  Number(new RegExp(`${name}="([\\d.]+)"`).exec(tag)?.[1] ?? NaN);

/** The PDF's words and their boxes per page, as `pdftotext -bbox-layout` reads them. */
export async function pdfLayoutPages(pdf: Buffer): Promise<LayoutPage[]> {
  const html = await inTemp(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    return (await run('pdftotext', ['-bbox-layout', file, '-'], { maxBuffer: 1 << 26 })).stdout;
  });
  const pages: LayoutPage[] = [];
  for (const [, pageTag = '', body = ''] of html.matchAll(/(<page [^>]*>)([\s\S]*?)<\/page>/g)) {
    const words: PageWord[] = [];
    for (const [, tag = '', text = ''] of body.matchAll(/(<word [^>]*>)([^<]*)<\/word>/g)) {
      words.push({
        text: decodeHTML(text),
        x0: attr(tag, 'xMin'),
        y0: attr(tag, 'yMin'),
        x1: attr(tag, 'xMax'),
        y1: attr(tag, 'yMax'),
      });
    }
    pages.push({
      page: pages.length + 1,
      width: attr(pageTag, 'width'),
      height: attr(pageTag, 'height'),
      source: 'pdf-text',
      words,
      lines: [],
    });
  }
  return pages;
}

/** A page rendered at `dpi` and read by the real Tesseract (its TSV word boxes, in pixels). */
export async function ocrLayoutPage(pdf: Buffer, dpi = 200): Promise<LayoutPage> {
  return inTemp(async (dir) => {
    const file = path.join(dir, 'in.pdf');
    await writeFile(file, pdf);
    await run('pdftoppm', [
      '-r',
      String(dpi),
      '-gray',
      '-png',
      '-singlefile',
      file,
      path.join(dir, 'p'),
    ]);
    const tsv = (await run('tesseract', [path.join(dir, 'p.png'), '-', '--psm', '3', 'tsv']))
      .stdout;
    const words: PageWord[] = [];
    let width = 0;
    let height = 0;
    for (const row of tsv.split('\n').slice(1)) {
      // level, page, block, par, line, word, left, top, width, height, conf, text
      const f = row.split('\t');
      const [left = 0, top = 0, w = 0, h = 0, conf = 0] = f.slice(6, 11).map(Number);
      if (f[0] === '1') [width, height] = [w, h];
      const text = f[11]?.trim();
      if (f[0] !== '5' || !text) continue;
      words.push({ text, x0: left, y0: top, x1: left + w, y1: top + h, confidence: conf });
    }
    return { page: 1, width, height, source: 'ocr', words, lines: [] };
  });
}

/** The box around the words whose middle lies between y0 and y1: a found table's bbox. */
export function boxBetween(page: LayoutPage, y0: number, y1: number): Box {
  const words = page.words.filter((w) => (w.y0 + w.y1) / 2 >= y0 && (w.y0 + w.y1) / 2 <= y1);
  return {
    x0: Math.min(...words.map((w) => w.x0)),
    y0: Math.min(...words.map((w) => w.y0)),
    x1: Math.max(...words.map((w) => w.x1)),
    y1: Math.max(...words.map((w) => w.y1)),
  };
}

/** A stream table as findTables would return it for rows known in advance. */
export function tableOf(page: LayoutPage, rows: string[][], bbox: Box): FoundTable {
  return { page: page.page, pages: [page.page], rows, method: 'stream', bbox };
}
