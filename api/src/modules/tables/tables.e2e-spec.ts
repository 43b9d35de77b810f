import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import type { TablesJobView } from 'contracts';
import ExcelJS from 'exceljs';
import { makePdf } from '../../testing/pdf-bytes.js';
import { ORDER_TABLE, photographed, tablePage } from '../../testing/table-image.js';
import { invoicePdf, scannedPdf, tablePdf, type Block } from '../../testing/table-pdf.js';
import { execFileAsync } from '../../testing/exec-file.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { CreditsService } from '../billing/credits.service.js';

// POST /api/sheets-extension/extract with the REAL engine and real PDFs (made byte by byte here:
// Helvetica text in ruled cells; and pdfkit's, with its fonts). The credits and jobs mechanics
// with a controllable reader are tables-jobs.e2e-spec.ts.

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

describe('POST /api/sheets-extension/extract with the real engine', () => {
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
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tables-errors-'));
    try {
      writeFileSync(path.join(dir, 'open.pdf'), twoPages());
      await execFileAsync('gs', [
        '-q',
        '-dSAFER',
        '-dBATCH',
        '-dNOPAUSE',
        '-sDEVICE=pdfwrite',
        '-sOwnerPassword=owner',
        '-sUserPassword=user',
        `-sOutputFile=${path.join(dir, 'locked.pdf')}`,
        path.join(dir, 'open.pdf'),
      ]);
      cases.push([
        { file: b64(readFileSync(path.join(dir, 'locked.pdf'))), mode: 'tables' },
        422,
        'PDF_ENCRYPTED',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const manyPages = makePdf(
      Array.from({ length: 2001 }, () => ({
        mediaBox: [0, 0, 612, 792] as [number, number, number, number],
      })),
    );
    cases.push([{ file: b64(manyPages), mode: 'tables' }, 422, 'PDF_TOO_MANY_PAGES']);
    // 64 megapixels of white: a small file, refused from its header before it is decoded.
    const huge = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    cases.push([{ file: b64(huge), mode: 'tables' }, 422, 'IMAGE_TOO_LARGE']);
    for (const [body, status, code] of cases) {
      const response = await who.post(EXTRACT, body);
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status,
        body: { code },
      });
    }
    expect(await balance(who)).toBe(5);
    expect(await platform.db.collection('jobs').countDocuments({ owner: who.userId })).toBe(0);
  });

  const read = async (who: SignedIn, body: Record<string, unknown>): Promise<TablesJobView> => {
    const response = await who.post(EXTRACT, { mode: 'tables', ...body });
    const view = (await response.json()) as TablesJobView;
    expect({ status: response.status, state: view.state }).toEqual({ status: 200, state: 'done' });
    return view;
  };
  const rowsOf = (view: TablesJobView) => view.result?.tables.map((t) => t.rows) ?? [];

  const STAFF = [
    ['Name', 'Role', 'Salary'],
    ['Ada Lovelace', 'Analyst of engines and of the numbers they print', '1,200.00'],
    ['Alan Turing', 'Engineer', '980.50'],
  ];
  const PLANETS = [
    ['Planet', 'Moons', 'Day (hours)'],
    ['Mercury', '0', '4222.6'],
    ['Venus', '0', '2802.0'],
    ['Earth', '1', '24.0'],
    ['Mars', '2', '24.7'],
  ];

  it('keeps a ruled table (a multi-line cell as one cell) and an unruled one on one page apart', async () => {
    const pdf = await tablePdf([
      [
        { kind: 'text', text: 'Staff and planets', x: 60, y: 40, fontSize: 16 },
        { kind: 'table', ruled: true, x: 60, y: 90, widths: [110, 170, 80], rows: STAFF },
        { kind: 'table', ruled: false, x: 60, y: 330, widths: [110, 80, 100], rows: PLANETS },
      ],
    ]);
    const view = await read(await person(), { file: b64(pdf), fileName: 'staff.pdf' });
    expect(rowsOf(view)).toEqual([STAFF, PLANETS]);
  });

  it('joins a table that continues on the next page under its repeated header', async () => {
    const header = ['Town', 'Country', 'Population'];
    const towns = Array.from({ length: 40 }, (_, i) => [
      `Town ${String(i + 1)}`,
      i % 2 ? 'Norway' : 'Peru',
      String(1000 + i * 37),
    ]);
    const page = (rows: string[][]): Block[] => [
      {
        kind: 'table',
        ruled: true,
        x: 60,
        y: 60,
        widths: [150, 150, 100],
        rows: [header, ...rows],
      },
    ];
    const pdf = await tablePdf([page(towns.slice(0, 30)), page(towns.slice(30))]);
    const view = await read(await person(), { file: b64(pdf), pages: { first: 1, last: 2 } });
    expect(view.result?.tables.map((t) => ({ pages: t.pages, rows: t.rows }))).toEqual([
      { pages: [1, 2], rows: [header, ...towns] },
    ]);
    expect(view.credits).toEqual({ reserved: 2, spent: 2, refunded: 0 });
  });

  it('reads a right-to-left (Hebrew) table in reading order', async () => {
    const rows = [
      ['עיר', 'מחוז'],
      ['חיפה', 'צפון'],
      ['אילת', 'דרום'],
    ];
    const pdf = await tablePdf([
      [{ kind: 'table', ruled: true, x: 100, y: 100, widths: [150, 150], rows, rtl: true }],
    ]);
    const view = await read(await person(), { file: b64(pdf) });
    expect(rowsOf(view)).toEqual([rows]);
  });

  it('reads a scanned ruled table (an image-only PDF, turned a degree), with each cell a confidence', async () => {
    const pdf = await tablePdf([
      [
        {
          kind: 'table',
          ruled: true,
          x: 70,
          y: 120,
          widths: [150, 90, 110, 100],
          fontSize: 12,
          rows: ORDER_TABLE,
        },
      ],
    ]);
    const scan = await scannedPdf(pdf, { turn: 1 });
    const view = await read(await person(), { file: b64(scan) });
    const table = view.result?.tables[0];
    expect(table?.rows).toEqual(ORDER_TABLE);
    expect(table?.confidence?.flat().every((c) => typeof c === 'number' && c > 0)).toBe(true);
  }, 60_000);

  it('reads a phone photo of a ruled table', async () => {
    const photo = await photographed(await tablePage(ORDER_TABLE, { ruled: true }));
    const view = await read(await person(), { file: b64(photo), fileName: 'photo.jpg' });
    expect(rowsOf(view)).toEqual([ORDER_TABLE]);
    expect(view.credits).toEqual({ reserved: 1, spent: 1, refunded: 0 });
  }, 90_000);

  const invoice = invoicePdf;

  it("reads an invoice's fields and line items, and reports a total that does not add up", async () => {
    const who = await person();
    const right = await read(who, { file: b64(await invoice('$28.05')), mode: 'invoice' });
    expect(right.result?.invoice).toMatchObject({
      fields: {
        vendor: 'Northwind Traders',
        invoiceNumber: 'INV-1042',
        invoiceDate: '2025-03-03',
        currency: 'USD',
        subtotal: '$25.50',
        tax: '$2.55',
        total: '$28.05',
        amountDue: '$28.05',
      },
      lineItems: {
        rows: [
          ['Description', 'Qty', 'Unit price', 'Amount'],
          ['Widget', '2', '$10.00', '$20.00'],
          ['Gadget', '1', '$5.50', '$5.50'],
        ],
      },
      check: { ok: true },
    });
    const wrong = await read(who, { file: b64(await invoice('$30.00')), mode: 'invoice' });
    expect(wrong.result?.invoice?.check.ok).toBe(false);
    expect(wrong.result?.invoice?.check.problems.join(' ')).toMatch(/30\.00/);
  }, 30_000);

  it('neutralises a formula-prefixed cell in both downloads, a negative number staying a number', async () => {
    const rows = [
      ['Item', 'Note', 'Change'],
      ['Refund', '=HYPERLINK("http://evil.example")', '-5.00'],
      ['Fee', '@SUM(A1)', '12.00'],
    ];
    const pdf = await tablePdf([
      [{ kind: 'table', ruled: true, x: 60, y: 80, widths: [100, 250, 80], rows }],
    ]);
    const who = await person();
    const view = await read(who, { file: b64(pdf), fileName: '../../etc/report.pdf' });
    expect(rowsOf(view)).toEqual([rows]);
    const url = `${platform.api}/api/sheets-extension/jobs/${view.jobId}/download`;
    const csv = await who.browser.request(`${url}?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename=report.csv');
    const text = Buffer.from(await csv.arrayBuffer()).toString('utf8');
    expect(text).toBe(
      '\ufeffItem,Note,Change\r\nRefund,"\'=HYPERLINK(""http://evil.example"")",-5.00\r\nFee,\'@SUM(A1),12.00\r\n',
    );
    const xlsx = await who.browser.request(`${url}?format=xlsx`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('B2').value).toBe('\'=HYPERLINK("http://evil.example")');
    expect(sheet?.getCell('C2').value).toBe(-5);
    expect(sheet?.getCell('B3').value).toBe("'@SUM(A1)");
    const stranger = await person();
    const refused = await stranger.browser.request(`${url}?format=csv`);
    expect(refused.status).toBe(404);
  });

  it('keeps no uploaded bytes: the job holds cells only and the engine leaves no job folder', async () => {
    const who = await person();
    const pdf = twoPages();
    const view = await read(who, { file: b64(pdf), fileName: 'private.pdf' });
    const job = await platform.db.collection('jobs').findOne({ owner: who.userId });
    const stored = JSON.stringify(job);
    expect(stored).toContain('Apples');
    // No run of the upload's base64 (or its raw text) is in the job.
    expect(stored).not.toContain(b64(pdf).slice(200, 260));
    expect(stored).not.toContain('Tf 110');
    expect(view.jobId).toBe(String(job?._id));
    // The API runs in this process: its engine's folder is named after this pid.
    const engineDirs = readdirSync(os.tmpdir()).filter((name) =>
      name.startsWith(`ocr-engine-${String(process.pid)}.`),
    );
    expect(engineDirs.length).toBeGreaterThan(0);
    const leftovers = engineDirs
      .flatMap((dir) => readdirSync(path.join(os.tmpdir(), dir)))
      .filter((name) => name.startsWith('job-'));
    expect(leftovers).toEqual([]);
  });
});
