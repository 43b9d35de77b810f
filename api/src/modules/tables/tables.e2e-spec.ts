import type { TablesJobView } from 'contracts';
import { makePdf } from '../../testing/pdf-bytes.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { CreditsService } from '../billing/credits.service.js';
import { ExtractionEngine } from '../extraction/engine/index.js';
import type { TablesReader } from './tables-reader.js';

// POST /api/sheets-extension/extract with the REAL engine and real PDFs (made byte by byte here:
// Helvetica text in ruled cells). Runs once the engine has its table reader (`extractTables`,
// issue 21 item 1); until then it is skipped, saying why. The credits and jobs mechanics are
// tables-jobs.e2e-spec.ts.
const hasTableReader =
  typeof (ExtractionEngine.prototype as Partial<TablesReader>).extractTables === 'function';
const describeWithReader = hasTableReader ? describe : describe.skip;

const EXTRACT = '/api/sheets-extension/extract';
const b64 = (bytes: Buffer) => bytes.toString('base64');

/** A page with one ruled table of 2 columns: each row 30 pt high from y = 720 down. */
function ruledTablePage(rows: [string, string][]): string {
  const top = 720;
  const bottom = top - 30 * rows.length;
  const lines = [
    ...rows.map((_, i) => `100 ${String(top - 30 * i)} m 400 ${String(top - 30 * i)} l S`),
    `100 ${String(bottom)} m 400 ${String(bottom)} l S`,
    ...[100, 250, 400].map(
      (x) => `${String(x)} ${String(top)} m ${String(x)} ${String(bottom)} l S`,
    ),
  ];
  const text = rows.flatMap(([left, right], i) => {
    const y = top - 30 * i - 20;
    return [
      `BT /F1 12 Tf 110 ${String(y)} Td (${left}) Tj ET`,
      `BT /F1 12 Tf 260 ${String(y)} Td (${right}) Tj ET`,
    ];
  });
  return ['0.8 w', ...lines, ...text].join('\n');
}

const PAGE_1: [string, string][] = [
  ['Item', 'Qty'],
  ['Apples', '3'],
  ['Pears', '12'],
];
const PAGE_2: [string, string][] = [
  ['Town', 'Code'],
  ['Oslo', '47'],
  ['Lima', '51'],
];
const twoPages = () =>
  makePdf([
    { mediaBox: [0, 0, 612, 792], content: ruledTablePage(PAGE_1) },
    { mediaBox: [0, 0, 612, 792], content: ruledTablePage(PAGE_2) },
  ]);

describeWithReader('POST /api/sheets-extension/extract with the real engine', () => {
  let platform: SignedInApp;
  let people = 0;
  const person = async (): Promise<SignedIn> => {
    people += 1;
    return platform.signIn(`Reader ${String(people)}`, `reader${String(people)}@example.com`);
  };
  const balance = async (who: SignedIn) => {
    const { defaultBalance, topUpBalance } = await platform.app
      .get(CreditsService)
      .available(who.userId);
    return defaultBalance + topUpBalance;
  };

  beforeAll(async () => {
    platform = await SignedInApp.start();
  });
  afterAll(async () => {
    await platform.close();
  });

  it('reads a ruled table on each of two pages, cell for cell, 1 credit a page', async () => {
    const who = await person();
    const response = await who.post(EXTRACT, {
      file: b64(twoPages()),
      fileName: 'two tables.pdf',
      mode: 'tables',
    });
    expect(response.status).toBe(200);
    const view = (await response.json()) as TablesJobView;
    expect(view.state).toBe('done');
    expect(view.result?.tables.map((t) => ({ page: t.page, rows: t.rows }))).toEqual([
      { page: 1, rows: PAGE_1 },
      { page: 2, rows: PAGE_2 },
    ]);
    expect(view.credits).toEqual({ reserved: 2, spent: 2, refunded: 0 });
    expect(await balance(who)).toBe(3);
  });

  it('answers each input error of text extraction with its code, charging nothing', async () => {
    const who = await person();
    const cases: [unknown, number, string][] = [
      [{ file: '', mode: 'tables' }, 422, 'FILE_EMPTY'],
      [
        { file: b64(Buffer.from('just some text, no file')), mode: 'tables' },
        415,
        'UNSUPPORTED_FILE',
      ],
      [
        { file: b64(Buffer.from('%PDF-1.7\nnot a pdf at all\n%%EOF\n')), mode: 'tables' },
        422,
        'FILE_CORRUPT',
      ],
      [{ file: b64(twoPages()), page: 3, mode: 'tables' }, 422, 'PAGE_OUT_OF_RANGE'],
      [
        { file: b64(twoPages()), pages: { first: 2, last: 5 }, mode: 'invoice' },
        422,
        'PAGE_OUT_OF_RANGE',
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await who.post(EXTRACT, body);
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status,
        body: { code },
      });
    }
    expect(await balance(who)).toBe(5);
    expect(await platform.db.collection('jobs').countDocuments()).toBe(0);
  });
});
