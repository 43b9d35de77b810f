// The first page's drawing (pdftocairo) started beside pdfinfo when nothing is reserved before
// reading (the command line; engine.ts), with the real poppler tools behind logging wrappers on
// PATH: the drawing is used and not made twice, a caller that reserves sees no drawing before its
// reservation, and a refused document leaves no drawing running.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExtractionEngine } from '../engine.js';

type Doc = {
  font(file: string): Doc;
  fontSize(size: number): Doc;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): Doc;
  moveTo(x: number, y: number): Doc;
  lineTo(x: number, y: number): Doc;
  stroke(): Doc;
  on(event: 'data', cb: (chunk: Buffer) => void): Doc;
  on(event: 'end', cb: () => void): Doc;
  end(): void;
};
const PDFDocument = createRequire(import.meta.url)('pdfkit') as new (
  options?: Record<string, unknown>,
) => Doc;

let dir: string;
let log: string;
let pdf: Buffer;
let engine: ExtractionEngine;
const savedPath = process.env.PATH;

/** A ruled 2×2 table on one page. */
async function ruledTable(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve) => doc.on('end', resolve));
  doc.on('data', (c) => chunks.push(c));
  doc.font('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf').fontSize(10);
  const xs = [50, 200, 350];
  const ys = [100, 130, 160];
  for (const y of ys) doc.moveTo(50, y).lineTo(350, y).stroke();
  for (const x of xs) doc.moveTo(x, 100).lineTo(x, 160).stroke();
  doc.text('Item', 53, 104, { lineBreak: false }).text('Price', 203, 104, { lineBreak: false });
  doc.text('Apples', 53, 134, { lineBreak: false }).text('3.50', 203, 134, { lineBreak: false });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** Wrappers that log each start (and pdfinfo's end) before running the real tool. */
async function wrap(tool: string, script: string): Promise<void> {
  const file = path.join(dir, 'bin', tool);
  await writeFile(file, `#!/bin/sh\n${script}\n`);
  await chmod(file, 0o755);
}

async function starts(tool: string): Promise<number> {
  const text = await readFile(log, 'utf8').catch(() => '');
  return text.split('\n').filter((line) => line.startsWith(`${tool} `)).length;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'first-drawing-'));
  log = path.join(dir, 'log');
  await mkdir(path.join(dir, 'bin'));
  // pdfinfo is held back 0.3 s so that a drawing started beside it has surely started.
  await wrap(
    'pdfinfo',
    `echo "pdfinfo start" >> ${log}; sleep 0.3; /usr/bin/pdfinfo "$@"; s=$?; echo "pdfinfo end" >> ${log}; exit $s`,
  );
  await wrap('pdftocairo', `echo "pdftocairo $$" >> ${log}; exec /usr/bin/pdftocairo "$@"`);
  process.env.PATH = `${path.join(dir, 'bin')}:${savedPath ?? ''}`;
  pdf = await ruledTable();
  engine = new ExtractionEngine({ tesseractPath: 'tesseract' });
});

beforeEach(async () => {
  await rm(log, { force: true });
});

afterAll(async () => {
  process.env.PATH = savedPath;
  await engine.close(0);
  await rm(dir, { recursive: true, force: true });
});

describe("the first page's drawing", () => {
  it('starts beside pdfinfo when nothing is reserved, and is the one the reader uses', async () => {
    const result = await engine.extractTables({ bytes: pdf, mode: 'tables' });
    expect(result.tables.map((t) => t.rows)).toEqual([
      [
        ['Item', 'Price'],
        ['Apples', '3.50'],
      ],
    ]);
    const lines = (await readFile(log, 'utf8')).trim().split('\n');
    // Started before pdfinfo ended, and drawn once.
    expect(lines.findIndex((l) => l.startsWith('pdftocairo '))).toBeLessThan(
      lines.indexOf('pdfinfo end'),
    );
    expect(await starts('pdftocairo')).toBe(1);
  });

  it('is not started before a paying caller has reserved the pages', async () => {
    const drawnBeforeReserving: number[] = [];
    const result = await engine.extractTables({
      bytes: pdf,
      mode: 'tables',
      beforeRead: async () => {
        drawnBeforeReserving.push(await starts('pdftocairo'));
      },
    });
    expect(drawnBeforeReserving).toEqual([0]);
    expect(result.tables).toHaveLength(1);
    expect(await starts('pdftocairo')).toBe(1);
  });

  it('is ended when the document is refused (a page beyond its last)', async () => {
    // The drawing is held for 5 s so that only its cancelling can end it in time.
    await wrap(
      'pdftocairo',
      `echo "pdftocairo $$" >> ${log}; sleep 5; exec /usr/bin/pdftocairo "$@"`,
    );
    await expect(
      engine.extractTables({ bytes: pdf, mode: 'tables', pages: { first: 2, last: 2 } }),
    ).rejects.toMatchObject({ code: 'PAGE_OUT_OF_RANGE' });
    const text = await readFile(log, 'utf8');
    const pid = Number(/pdftocairo (\d+)/.exec(text)?.[1]);
    expect(pid).toBeGreaterThan(0);
    let alive = true;
    try {
      process.kill(pid, 0);
    } catch (error) {
      alive = (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
    expect(alive).toBe(false);
  });
});
