// The first page asked laid out while the document is opened, when nothing is reserved before
// reading (the command line; engine.ts): the real poppler tools run behind wrappers on PATH that
// log each start. A one-page file needs no pdfinfo and no page is laid out twice; a caller that
// reserves has no page read before its reservation; longer files still get every check.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tablePdf } from '../../../../testing/table-pdf.js';
import { ExtractionEngine } from '../engine.js';

const TOOLS = ['pdfinfo', 'pdftotext', 'pdftocairo'] as const;
let dir: string;
let log: string;
const savedPath = process.env.PATH;

const table = (page: number) => [
  ['Item', 'Price'],
  [`Page ${String(page)}`, '3.50'],
];

/** A ruled 2×2 table on each of `pages` pages, its second row naming the page. */
const ruledTables = (pages: number): Promise<Buffer> =>
  tablePdf(
    Array.from({ length: pages }, (_, i) => [
      { kind: 'table', rows: table(i + 1), ruled: true, x: 50, y: 100, widths: [150, 150] },
    ]),
  );

/** How many times each tool started since the log was cleared. */
async function starts(): Promise<Record<(typeof TOOLS)[number], number>> {
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n');
  const count = (tool: string) => lines.filter((line) => line === tool).length;
  return {
    pdfinfo: count('pdfinfo'),
    pdftotext: count('pdftotext'),
    pdftocairo: count('pdftocairo'),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'first-layout-'));
  log = path.join(dir, 'log');
  await mkdir(path.join(dir, 'bin'));
  for (const tool of TOOLS) {
    const file = path.join(dir, 'bin', tool);
    await writeFile(file, `#!/bin/sh\necho ${tool} >> ${log}\nexec /usr/bin/${tool} "$@"\n`);
    await chmod(file, 0o755);
  }
  process.env.PATH = `${path.join(dir, 'bin')}:${savedPath ?? ''}`;
});

beforeEach(async () => {
  await rm(log, { force: true });
});

afterAll(async () => {
  process.env.PATH = savedPath;
  await rm(dir, { recursive: true, force: true });
});

describe('the first page laid out while the document is opened', () => {
  let engine: ExtractionEngine;
  beforeAll(() => {
    engine = new ExtractionEngine({ tesseractPath: 'tesseract', limits: { maxPdfPages: 2 } });
  });
  afterAll(async () => {
    await engine.close(0);
  });

  it('reads a one-page file with two children: no pdfinfo, the page laid out once', async () => {
    const result = await engine.extractTables({ bytes: await ruledTables(1), mode: 'tables' });
    expect(result.tables.map((t) => t.rows)).toEqual([table(1)]);
    expect(result.pages).toEqual([{ page: 1, ok: true }]);
    expect(await starts()).toEqual({ pdfinfo: 0, pdftotext: 1, pdftocairo: 1 });
  });

  it('counts a longer file with pdfinfo and does not lay its first page out again', async () => {
    const result = await engine.extractTables({ bytes: await ruledTables(2), mode: 'tables' });
    // One table continued under its repeated header: both pages read.
    expect(result.tables.map((t) => [t.pages, t.rows])).toEqual([
      [
        [1, 2],
        [...table(1), table(2)[1]],
      ],
    ]);
    expect(await starts()).toEqual({ pdfinfo: 1, pdftotext: 2, pdftocairo: 2 });
  });

  it('starts at the first page of a range, and ends where the file ends', async () => {
    const result = await engine.extractTables({
      bytes: await ruledTables(2),
      mode: 'tables',
      pages: { first: 2, last: 2 },
    });
    expect(result.tables.map((t) => [t.page, t.rows])).toEqual([[2, table(2)]]);
    expect(await starts()).toEqual({ pdfinfo: 0, pdftotext: 1, pdftocairo: 1 });
  });

  it('still refuses a page past the end and a file over the page limit', async () => {
    await expect(
      engine.extractTables({
        bytes: await ruledTables(1),
        mode: 'tables',
        pages: { first: 2, last: 2 },
      }),
    ).rejects.toMatchObject({ code: 'PAGE_OUT_OF_RANGE' });
    await expect(
      engine.extractTables({
        bytes: await ruledTables(1),
        mode: 'tables',
        pages: { first: 1, last: 2 },
      }),
    ).rejects.toMatchObject({ code: 'PAGE_OUT_OF_RANGE' });
    await expect(
      engine.extractTables({ bytes: await ruledTables(3), mode: 'tables' }),
    ).rejects.toMatchObject({ code: 'PDF_TOO_MANY_PAGES' });
  });

  it('reads no page before a paying caller has reserved: pdfinfo counts the pages first', async () => {
    const seenAtReservation: Awaited<ReturnType<typeof starts>>[] = [];
    const result = await engine.extractTables({
      bytes: await ruledTables(1),
      mode: 'tables',
      beforeRead: async () => {
        seenAtReservation.push(await starts());
      },
    });
    expect(seenAtReservation).toEqual([{ pdfinfo: 1, pdftotext: 0, pdftocairo: 0 }]);
    expect(result.tables.map((t) => t.rows)).toEqual([table(1)]);
    expect(await starts()).toEqual({ pdfinfo: 1, pdftotext: 1, pdftocairo: 1 });
  });
});
