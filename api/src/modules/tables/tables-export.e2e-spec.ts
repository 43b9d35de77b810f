import { TABLES_EXPORT_LIMITS } from 'contracts';
import ExcelJS from 'exceljs';
import { rawUpload } from '../../testing/raw-upload.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { CreditsService } from '../billing/credits.service.js';

// POST /api/sheets-extension/export on the real application and database: the converter's
// (edited) tables back as the same files a job's download gives. Validation messages and guard
// order are tables.controller.spec.ts.

const EXPORT = '/api/sheets-extension/export';
const EDITED = [
  [
    ['Item', 'Note', 'Change'],
    ['Refund', '=HYPERLINK("http://evil.example")', '-5.00'],
    ['Fee, late', 'fixed by hand', '$1,200.50'],
  ],
  [
    ['Town', 'Code'],
    ['Oslo', '47'],
  ],
];

describe('POST /api/sheets-extension/export', () => {
  let platform: SignedInApp;
  let people = 0;
  const person = async (): Promise<SignedIn> => {
    people += 1;
    return platform.signIn(`Exporter ${String(people)}`, `exporter${String(people)}@example.com`);
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

  it('refuses a signed-out caller with 401 before reading the body', async () => {
    const visitor = await platform.visitor();
    const response = await visitor.post(EXPORT, { format: 'csv', tables: EDITED });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    // Over the size limit too: the sign-in answer comes first, so nothing was read or parsed.
    const oversize = await visitor.post(EXPORT, {
      format: 'csv',
      tables: [[['x'.repeat(TABLES_EXPORT_LIMITS.bodyBytes)]]],
    });
    expect(oversize.status).toBe(401);
  });

  it('answers the edited tables as CSV: BOM, CRLF, a blank line between tables, formulas neutralised, costing nothing', async () => {
    const who = await person();
    const before = await balance(who);
    const response = await who.post(EXPORT, {
      format: 'csv',
      fileName: '../../etc/March invoices.pdf',
      tables: EDITED,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="March invoices.csv"',
    );
    expect(Buffer.from(await response.arrayBuffer()).toString('utf8')).toBe(
      '\ufeffItem,Note,Change\r\n' +
        'Refund,"\'=HYPERLINK(""http://evil.example"")",-5.00\r\n' +
        '"Fee, late",fixed by hand,"$1,200.50"\r\n' +
        '\r\n' +
        'Town,Code\r\nOslo,47\r\n',
    );
    expect(await balance(who)).toBe(before);
  });

  it('lets the shell on its own origin read the download name (Content-Disposition exposed)', async () => {
    const who = await person();
    const shell = platform.app.get<AppConfig>(APP_CONFIG).corsOrigins[0] ?? '';
    const response = await who.browser.request(`${platform.api}${EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': who.csrf, origin: shell },
      body: JSON.stringify({ format: 'csv', tables: EDITED }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(shell);
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Disposition');
  });

  it('answers XLSX with one sheet per table, numbers typed and a formula neutralised', async () => {
    const who = await person();
    const response = await who.post(EXPORT, {
      format: 'xlsx',
      fileName: 'report.pdf',
      tables: EDITED,
      pages: [2, 2],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=report.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await response.arrayBuffer());
    // Named by their page as a job's download names them: two tables of page 2.
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['report p2.1', 'report p2.2']);
    const [first, second] = book.worksheets;
    expect(first?.getCell('B2').value).toBe('\'=HYPERLINK("http://evil.example")');
    expect(first?.getCell('C2').value).toBe(-5);
    expect(first?.getCell('C3').value).toBe(1200.5);
    expect(first?.getCell('B3').value).toBe('fixed by hand');
    expect(second?.getCell('A2').value).toBe('Oslo');
    expect(second?.getCell('B2').value).toBe(47);
  });

  it('answers 400 to bad bodies and 413 to an oversize one, changing nothing', async () => {
    const who = await person();
    const before = await balance(who);
    const cases: [unknown, number, string][] = [
      [{ format: 'pdf', tables: EDITED }, 400, 'format must be one of: csv, xlsx'],
      [{ format: 'csv', tables: [[['a', 1]]] }, 400, 'tables[0][0] must hold only text cells'],
      [{ format: 'csv', tables: 'a,b' }, 400, 'tables must be a list of tables'],
      [{ format: 'csv', tables: EDITED, userId: 'x' }, 400, 'property userId should not exist'],
      [
        { format: 'csv', tables: EDITED, pages: [1] },
        400,
        'pages must give one page for each table.',
      ],
      [
        { format: 'csv', tables: [[['x'.repeat(TABLES_EXPORT_LIMITS.cellLength + 1)]]] },
        400,
        'tables[0][0] has a cell longer than 32,767 characters',
      ],
      [
        // Within the body limit but over the cells (the controller's spec has the other limits).
        {
          format: 'csv',
          tables: [Array.from({ length: 1_001 }, () => Array<string>(100).fill(''))],
        },
        400,
        'tables must hold at most 100,000 cells in all',
      ],
      [
        { format: 'csv', tables: [[['x'.repeat(TABLES_EXPORT_LIMITS.bodyBytes)]]] },
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ];
    for (const [body, status, says] of cases) {
      const response = await who.post(EXPORT, body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(JSON.stringify(await response.json())).toContain(says);
    }
    expect(await balance(who)).toBe(before);
  });

  it.each([
    `${EXPORT}/`,
    EXPORT.toUpperCase(),
    EXPORT.replace('sheets', 'Sheets'),
    `${EXPORT}.`,
    `/${EXPORT}`,
  ])(
    'finds no route at %s: a large body refused unread by the 2 KB default, a small one 404',
    async (alias) => {
      const who = await person();
      const headers = {
        cookie: who.browser.cookieHeader(platform.api),
        'content-type': 'application/json',
        'x-csrf-token': who.csrf,
      };
      const large = await rawUpload({
        url: `${platform.api}${alias}`,
        headers,
        declaredLength: TABLES_EXPORT_LIMITS.bodyBytes,
        total: 0,
        chunkBytes: 1,
        intervalMs: 0,
      }).answer;
      expect(large.status).toBe(413);
      const small = await who.post(alias, { format: 'csv', tables: EDITED });
      expect(small.status).toBe(404);
      expect(await small.json()).toMatchObject({ code: 'NOT_FOUND' });
    },
  );

  it('answers a flood of exports 429 with Retry-After past the per-person limit, charging nothing', async () => {
    const who = await person();
    const before = await balance(who);
    const { perUser } = platform.app.get<AppConfig>(APP_CONFIG).extractLimits;
    const statuses: number[] = [];
    for (let i = 0; i < perUser; i++) {
      statuses.push((await who.post(EXPORT, { format: 'csv', tables: EDITED })).status);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const over = await who.post(EXPORT, { format: 'csv', tables: EDITED });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await over.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await balance(who)).toBe(before);
  });
});
