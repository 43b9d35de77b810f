// The built add-on (dist/Code.js and its HTML) in an Apps Script sandbox: the menu, the sidebar,
// the API calls with the person's ID token, the rows written into a new sheet, a long file's job
// followed to its end or cancelled, and each kind of error shown.
import { rmSync } from 'node:fs';
import vm from 'node:vm';
import type { TablesJobView, TablesResultView } from 'contracts';
import { AppsScriptSandbox, buildAddon, readManifest } from './apps-script-sandbox';

const API = 'https://api.tables.test';
const WEB = 'https://tables.test';
const JOB_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const ENTRY_POINTS = [
  'onOpen',
  'onInstall',
  'showSidebar',
  'showPicker',
  'getSidebarState',
  'getPickerConfig',
  'pickerDone',
  'takePickerResult',
  'extractUpload',
  'extractDriveFile',
  'pollJob',
  'cancelJob',
];

// Built for the API the tests answer as (API_BASE_URL at build time: the manifest's whitelist).
let dist: string;
beforeAll(() => {
  dist = buildAddon({ apiBaseUrl: API });
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const user = (over: Record<string, unknown> = {}) => ({
  user: {
    name: 'Ada',
    email: 'ada@example.test',
    googleId: 'g-ada',
    isPremium: false,
    planType: 'Free user',
    topUpBalance: 7,
    defaultBalance: 3,
    ...over,
  },
});

const result = (tables: string[][][]): TablesResultView => ({
  tables: tables.map((rows, i) => ({ page: i + 1, pages: [i + 1], rows })),
});

const job = (over: Partial<TablesJobView>): TablesJobView => ({
  jobId: JOB_ID,
  state: 'running',
  progress: { pagesDone: 0, pagesTotal: 5 },
  credits: { reserved: 5, spent: 0, refunded: 0 },
  ...over,
});

const upload = (over: Record<string, unknown> = {}) => ({
  fileName: 'Q3 report.pdf',
  mimeType: 'application/pdf',
  base64: Buffer.from('%PDF-1.7 tables').toString('base64'),
  pages: { kind: 'all' },
  mode: 'tables',
  ...over,
});

function sandbox(): AppsScriptSandbox {
  const s = new AppsScriptSandbox(dist);
  s.scriptProperties.setProperty('API_BASE_URL', `${API}/`);
  s.scriptProperties.setProperty('WEB_BASE_URL', WEB);
  return s;
}

describe('the bundle', () => {
  it('runs in a context with none of Node’s globals', () => {
    const s = sandbox();
    for (const name of ['require', 'process', 'Buffer', 'setTimeout', 'module', 'global']) {
      expect(vm.runInContext(`typeof ${name}`, s.context)).toBe('undefined');
    }
  });

  it('declares every entry point as a top-level function, as Apps Script needs', () => {
    const s = sandbox();
    for (const name of ENTRY_POINTS) {
      expect(vm.runInContext(`typeof ${name}`, s.context)).toBe('function');
    }
  });

  it('ships the manifest with exactly the minimal scopes, on V8, fetching only the API', () => {
    const manifest = readManifest(dist);
    expect(manifest.runtimeVersion).toBe('V8');
    expect(manifest.urlFetchWhitelist).toEqual([`${API}/`]);
    expect([...manifest.oauthScopes].sort()).toEqual(
      [
        'https://www.googleapis.com/auth/spreadsheets.currentonly',
        'https://www.googleapis.com/auth/script.container.ui',
        'https://www.googleapis.com/auth/script.external_request',
        'https://www.googleapis.com/auth/drive.file',
        'openid',
        'https://www.googleapis.com/auth/userinfo.email',
      ].sort(),
    );
  });
});

describe("the manifest's urlFetchWhitelist (required for a deployment)", () => {
  const whitelistOf = (apiBaseUrl?: string) => {
    const built = buildAddon({ apiBaseUrl });
    try {
      return readManifest(built);
    } finally {
      rmSync(built, { recursive: true, force: true });
    }
  };

  it("is the default API's base URL with a trailing slash when the build is given none", () => {
    expect(whitelistOf().urlFetchWhitelist).toEqual(['https://api.example.com/']);
  });

  it('keeps a path of the base URL and ends it with one slash', () => {
    expect(whitelistOf('https://example.test/ocr-api//').urlFetchWhitelist).toEqual([
      'https://example.test/ocr-api/',
    ]);
  });

  it('is left out for a local http:// API (test deployments only), the scopes unchanged', () => {
    const manifest = whitelistOf('http://localhost:3100');
    expect(manifest).not.toHaveProperty('urlFetchWhitelist');
    expect(manifest.oauthScopes).toHaveLength(6);
  });

  it.each(['ftp://api.example.test', 'api.example.test', 'https://api.example.test/?x=1'])(
    'stops the build for %s, naming it',
    (apiBaseUrl) => {
      expect(() => buildAddon({ apiBaseUrl })).toThrow(apiBaseUrl);
    },
  );

  it("makes UrlFetchApp refuse a host other than the build's", () => {
    const s = sandbox();
    s.scriptProperties.setProperty('API_BASE_URL', 'https://elsewhere.test');
    const state = s.call('getSidebarState') as { accountError: { error: string } | null };
    expect(s.fetches).toEqual([]);
    expect(state.accountError).not.toBeNull();
  });
});

describe('the menu and the sidebar', () => {
  it('adds the add-on menu on open and on install, whose item opens the sidebar', () => {
    const s = sandbox();
    s.call('onOpen', { authMode: 'NONE' });
    s.call('onInstall', { authMode: 'FULL' });
    expect(s.menus).toEqual([
      { items: [['Open converter', 'showSidebar']], added: true },
      { items: [['Open converter', 'showSidebar']], added: true },
    ]);
    expect(s.fetches).toEqual([]);
  });

  it('serves the sidebar page, its script inlined, calling the server with google.script.run', () => {
    const s = sandbox();
    s.call('showSidebar');
    const [sidebar] = s.sidebars;
    expect(sidebar?.title).toBe('PDF to Sheets');
    const html = sidebar?.getContent() ?? '';
    expect(html).toContain('Insert into sheet');
    expect(html).toContain('Buy credits');
    expect(html).not.toContain('<!-- sidebar.js -->');
    expect(html).toMatch(/<script>[\s\S]*google\.script\.run[\s\S]*<\/script>/);
  });

  it('opens the Picker in a dialog whose script loads Google Picker', () => {
    const s = sandbox();
    s.call('showPicker');
    expect(s.dialogs).toHaveLength(1);
    expect(s.dialogs[0]?.html.getContent()).toContain('https://apis.google.com/js/api.js');
    expect(s.dialogs[0]?.html.getContent()).toMatch(/gapi\.load\(["']picker["']/);
  });
});

describe('the person’s account', () => {
  it('reads credits from /api/me with the ID token as bearer, and links to the pricing page', () => {
    const s = sandbox();
    s.reply({ status: 200, body: user() });
    const state = s.call('getSidebarState') as Record<string, unknown>;
    expect(s.fetches).toEqual([
      {
        url: `${API}/api/me`,
        method: 'get',
        headers: { Authorization: 'Bearer google-id-token-of-ada', Accept: 'application/json' },
        muteHttpExceptions: true,
        contentType: undefined,
        payload: undefined,
      },
    ]);
    expect(state).toEqual({
      account: { email: 'ada@example.test', name: 'Ada', credits: 10, maxBytes: 30 * 1024 * 1024 },
      accountError: null,
      buyCreditsUrl: `${WEB}/sheets-extension-pricing?source=extension`,
      pickerAvailable: false,
      pendingJob: null,
    });
  });

  it('uses the default hosts when no Script Property names them', () => {
    // A build for the default API too: the manifest's whitelist would refuse it otherwise.
    const defaultDist = buildAddon();
    const s = new AppsScriptSandbox(defaultDist);
    rmSync(defaultDist, { recursive: true, force: true });
    s.reply({ status: 200, body: user({ topUpBalance: 0 }) });
    const state = s.call('getSidebarState') as {
      buyCreditsUrl: string;
      account: { maxBytes: number };
    };
    expect(s.fetches[0]?.url).toBe('https://api.example.com/api/me');
    expect(state.buyCreditsUrl).toBe(
      'https://example.com/sheets-extension-pricing?source=extension',
    );
    expect(state.account.maxBytes).toBe(5 * 1024 * 1024);
  });

  it('shows why the account could not be read (401), the sidebar still opening', () => {
    const s = sandbox();
    s.reply({ status: 401, body: { code: 'SIGN_IN_REQUIRED', error: 'Please sign in.' } });
    const state = s.call('getSidebarState') as {
      account: unknown;
      accountError: Record<string, unknown>;
    };
    expect(state.account).toBeNull();
    expect(state.accountError).toMatchObject({ status: 401, code: 'SIGN_IN_REQUIRED' });
    expect(state.accountError.message).toMatch(
      /^Please sign in\. The server did not accept your Google sign-in/,
    );
  });
});

// The API answers every extract of the add-on 202 (it states Prefer: respond-async, below); a
// result answered at once (200) comes from an API deployed before that, and is written all the
// same: these tests use it to check the writing in one call.
describe('a result answered at once (200)', () => {
  it('posts the file, pages and mode, and writes each table with one setValues into a new sheet named after the file', () => {
    const s = sandbox();
    const tables = [
      [
        ['Item', 'Qty', 'Price'],
        ['Paper', '2', '3.50'],
        ['Ink', '1'],
      ],
      [['Total', '=SUM(A1:A2)']],
    ];
    s.reply(
      { status: 200, body: user() },
      {
        status: 200,
        body: job({
          state: 'done',
          progress: { pagesDone: 2, pagesTotal: 2 },
          result: result(tables),
          credits: { reserved: 2, spent: 2, refunded: 0 },
        }),
      },
    );
    const outcome = s.call(
      'extractUpload',
      upload({ pages: { kind: 'range', first: '1', last: '2' } }),
    );
    const post = s.fetches[1];
    expect(post).toMatchObject({
      url: `${API}/api/sheets-extension/extract`,
      method: 'post',
      headers: { Authorization: 'Bearer google-id-token-of-ada', Prefer: 'respond-async' },
      muteHttpExceptions: true,
      contentType: 'application/json',
    });
    expect(post?.payload).toEqual({
      file: Buffer.from('%PDF-1.7 tables').toString('base64'),
      fileName: 'Q3 report.pdf',
      mode: 'tables',
      pages: { first: 1, last: 2 },
    });
    expect(s.sheets).toEqual(['Sheet1', 'Q3 report']);
    expect(s.activeSheet).toBe('Q3 report');
    expect(s.writes).toEqual([
      {
        sheet: 'Q3 report',
        row: 1,
        column: 1,
        values: [
          ['Table 1 (page 1)', '', ''],
          ['Item', 'Qty', 'Price'],
          ['Paper', '2', '3.50'],
          ['Ink', '1', ''],
        ],
      },
      {
        sheet: 'Q3 report',
        row: 6,
        column: 1,
        // A formula read from the file is written as text, not run.
        values: [
          ['Table 2 (page 2)', ''],
          ['Total', "'=SUM(A1:A2)"],
        ],
      },
    ]);
    expect(outcome).toEqual({
      kind: 'inserted',
      sheetName: 'Q3 report',
      tables: 2,
      rows: 6,
      creditsSpent: 2,
      creditsRefunded: 0,
    });
  });

  it('writes a lone table as it is, in a sheet whose name is made unique', () => {
    const s = sandbox();
    s.sheets.push('q3 REPORT', 'Q3 report (2)');
    s.reply(
      { status: 200, body: user() },
      {
        status: 200,
        body: job({
          state: 'done',
          result: result([
            [
              ['a', 'b'],
              ['-5.00', '007'],
            ],
          ]),
        }),
      },
    );
    s.call('extractUpload', upload({ pages: { kind: 'one', page: '3' } }));
    expect(s.fetches[1]?.payload).toMatchObject({ page: 3 });
    expect(s.writes).toEqual([
      {
        sheet: 'Q3 report (3)',
        row: 1,
        column: 1,
        values: [
          ['a', 'b'],
          ['-5.00', "'007"],
        ],
      },
    ]);
  });

  it('keeps a sheet name within 100 characters and without the characters sheets refuse', () => {
    const s = sandbox();
    s.reply(
      { status: 200, body: user() },
      { status: 200, body: job({ state: 'done', result: result([[['x']]]) }) },
    );
    s.call('extractUpload', upload({ fileName: `${'a/b:c'.repeat(30)}.pdf` }));
    const name = s.sheets[1] ?? '';
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name).not.toMatch(/[/:[\]*?\\]/);
    expect(name.startsWith('a b c')).toBe(true);
  });

  it('writes an invoice’s fields above its line items', () => {
    const s = sandbox();
    const lineItems = {
      page: 1,
      pages: [1],
      rows: [
        ['Item', 'Amount'],
        ['Design', '100.00'],
      ],
    };
    s.reply(
      { status: 200, body: user() },
      {
        status: 200,
        body: job({
          state: 'done',
          result: {
            tables: [lineItems],
            invoice: {
              fields: {
                vendor: 'Acme Ltd',
                invoiceNumber: 'INV-7',
                invoiceDate: '2025-08-31',
                currency: 'USD',
                subtotal: '100.00',
                tax: null,
                total: '100.00',
                amountDue: '100.00',
              },
              lineItems,
              check: { ok: true, lineItemsSum: '100.00', problems: [] },
            },
          },
        }),
      },
    );
    s.call('extractUpload', upload({ fileName: 'invoice.png', mode: 'invoice' }));
    expect(s.fetches[1]?.payload).toMatchObject({ mode: 'invoice' });
    expect(s.writes.map((w) => [w.row, w.values])).toEqual([
      [
        1,
        [
          ['Vendor', 'Acme Ltd'],
          ['Invoice number', 'INV-7'],
          ['Invoice date', '2025-08-31'],
          ['Currency', 'USD'],
          ['Subtotal', '100.00'],
          ['Tax', ''],
          ['Total', '100.00'],
          ['Amount due', '100.00'],
          ['Check', 'The line items add up to the stated totals'],
        ],
      ],
      [
        11,
        [
          ['Line items', ''],
          ['Item', 'Amount'],
          ['Design', '100.00'],
        ],
      ],
    ]);
    expect(s.sheets).toEqual(['Sheet1', 'invoice']);
  });

  it('says so, and makes no sheet, when no table was found', () => {
    const s = sandbox();
    s.reply(
      { status: 200, body: user() },
      {
        status: 200,
        body: job({
          state: 'done',
          result: { tables: [] },
          credits: { reserved: 1, spent: 1, refunded: 0 },
        }),
      },
    );
    expect(s.call('extractUpload', upload())).toEqual({
      kind: 'empty',
      creditsSpent: 1,
      creditsRefunded: 0,
    });
    expect(s.sheets).toEqual(['Sheet1']);
  });

  it('reads a file picked from Drive and sends its bytes', () => {
    const s = sandbox();
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0x80, 0x00]);
    s.driveFiles.set('drive-file-1', { name: 'scan.pdf', bytes });
    s.reply(
      { status: 200, body: user() },
      { status: 200, body: job({ state: 'done', result: result([[['x']]]) }) },
    );
    s.call('extractDriveFile', { fileId: 'drive-file-1', pages: { kind: 'all' }, mode: 'tables' });
    expect(s.fetches[1]?.headers.Prefer).toBe('respond-async');
    expect(s.fetches[1]?.payload).toEqual({
      file: Buffer.from(bytes).toString('base64'),
      fileName: 'scan.pdf',
      mode: 'tables',
    });
    expect(s.sheets).toEqual(['Sheet1', 'scan']);
  });
});

describe('a file read as a job (every extract states Prefer: respond-async)', () => {
  it('a one-page file: the extract asks for the job answer, gets 202, and the first poll writes its rows', () => {
    const s = sandbox();
    s.reply({ status: 200, body: user() }, { status: 202, body: { jobId: JOB_ID } });
    const started = s.call('extractUpload', upload({ pages: { kind: 'one', page: '1' } }));
    expect(started).toEqual({
      kind: 'running',
      jobId: JOB_ID,
      fileName: 'Q3 report.pdf',
      pagesDone: 0,
      pagesTotal: 0,
    });
    const post = s.fetches[1];
    expect(post?.url).toBe(`${API}/api/sheets-extension/extract`);
    expect(post?.headers).toEqual({
      Prefer: 'respond-async',
      Authorization: 'Bearer google-id-token-of-ada',
      Accept: 'application/json',
    });
    expect(post?.payload).toMatchObject({ page: 1 });
    expect(s.writes).toEqual([]);
    expect(s.userProperties.getProperty('pendingJob')).not.toBeNull();

    s.reply({
      status: 200,
      body: job({
        state: 'done',
        progress: { pagesDone: 1, pagesTotal: 1 },
        result: result([[['Item'], ['Paper']]]),
        credits: { reserved: 1, spent: 1, refunded: 0 },
      }),
    });
    expect(s.call('pollJob', JOB_ID, 'Q3 report.pdf')).toEqual({
      kind: 'inserted',
      sheetName: 'Q3 report',
      tables: 1,
      rows: 2,
      creditsSpent: 1,
      creditsRefunded: 0,
    });
    expect(s.writes).toEqual([
      { sheet: 'Q3 report', row: 1, column: 1, values: [['Item'], ['Paper']] },
    ]);
    // Only the extract asks for the job answer: the polls are plain reads.
    expect(s.fetches[2]?.headers.Prefer).toBeUndefined();
    expect(s.userProperties.getProperty('pendingJob')).toBeNull();
  });

  it('follows the job from 202 through running to done, then writes the rows', () => {
    const s = sandbox();
    s.reply({ status: 200, body: user() }, { status: 202, body: { jobId: JOB_ID } });
    expect(s.call('extractUpload', upload())).toEqual({
      kind: 'running',
      jobId: JOB_ID,
      fileName: 'Q3 report.pdf',
      pagesDone: 0,
      pagesTotal: 0,
    });
    // A sidebar opened again picks the job up.
    s.reply({ status: 200, body: user() });
    expect(s.call('getSidebarState')).toMatchObject({
      pendingJob: { jobId: JOB_ID, fileName: 'Q3 report.pdf' },
    });

    s.reply({ status: 200, body: job({ progress: { pagesDone: 2, pagesTotal: 5 } }) });
    expect(s.call('pollJob', JOB_ID, 'Q3 report.pdf')).toEqual({
      kind: 'running',
      jobId: JOB_ID,
      fileName: 'Q3 report.pdf',
      pagesDone: 2,
      pagesTotal: 5,
    });
    expect(s.writes).toEqual([]);

    s.reply({
      status: 200,
      body: job({
        state: 'done',
        progress: { pagesDone: 5, pagesTotal: 5 },
        result: result([
          [
            ['h1', 'h2'],
            ['1', '2'],
          ],
        ]),
        credits: { reserved: 5, spent: 5, refunded: 0 },
      }),
    });
    expect(s.call('pollJob', JOB_ID, 'Q3 report.pdf')).toMatchObject({
      kind: 'inserted',
      sheetName: 'Q3 report',
      creditsSpent: 5,
    });
    const polls = s.fetches.filter((f) => f.url.includes('/jobs/'));
    expect(polls.map((f) => [f.method, f.url, f.headers.Authorization])).toEqual([
      ['get', `${API}/api/sheets-extension/jobs/${JOB_ID}`, 'Bearer google-id-token-of-ada'],
      ['get', `${API}/api/sheets-extension/jobs/${JOB_ID}`, 'Bearer google-id-token-of-ada'],
    ]);
    expect(s.writes).toEqual([
      {
        sheet: 'Q3 report',
        row: 1,
        column: 1,
        values: [
          ['h1', 'h2'],
          ['1', '2'],
        ],
      },
    ]);
    expect(s.userProperties.getProperty('pendingJob')).toBeNull();
  });

  it('cancels the job with DELETE and says how many credits came back', () => {
    const s = sandbox();
    s.userProperties.setProperty(
      'pendingJob',
      JSON.stringify({ jobId: JOB_ID, fileName: 'a.pdf' }),
    );
    s.reply({
      status: 200,
      body: job({ state: 'cancelled', credits: { reserved: 5, spent: 2, refunded: 3 } }),
    });
    expect(s.call('cancelJob', JOB_ID)).toEqual({ kind: 'cancelled', creditsRefunded: 3 });
    expect(s.fetches.map((f) => [f.method, f.url, f.headers.Authorization])).toEqual([
      ['delete', `${API}/api/sheets-extension/jobs/${JOB_ID}`, 'Bearer google-id-token-of-ada'],
    ]);
    expect(s.userProperties.getProperty('pendingJob')).toBeNull();
  });

  it('shows a failed job’s error', () => {
    const s = sandbox();
    s.reply({
      status: 200,
      body: job({
        state: 'failed',
        error: { code: 'ENGINE_TIMEOUT', error: 'Reading took too long.' },
      }),
    });
    expect(s.call('pollJob', JOB_ID, 'a.pdf')).toEqual({
      kind: 'error',
      error: { message: 'Reading took too long.', code: 'ENGINE_TIMEOUT' },
    });
  });

  it('refuses a job id that is not one before calling the API', () => {
    const s = sandbox();
    expect(s.call('pollJob', '../me', 'a.pdf')).toMatchObject({
      kind: 'error',
      error: { code: 'JOB_NOT_FOUND' },
    });
    expect(s.fetches).toEqual([]);
  });
});

describe('errors shown', () => {
  const errorOf = (s: AppsScriptSandbox) => {
    const outcome = s.call('extractUpload', upload()) as {
      kind: string;
      error: Record<string, unknown>;
    };
    expect(outcome.kind).toBe('error');
    return outcome.error;
  };

  it('401: the server’s text and what to do', () => {
    const s = sandbox();
    s.reply({ status: 401, body: { code: 'SIGN_IN_REQUIRED', error: 'Please sign in.' } });
    expect(errorOf(s)).toEqual({
      status: 401,
      code: 'SIGN_IN_REQUIRED',
      message:
        'Please sign in. The server did not accept your Google sign-in. Open the add-on again; if this goes on, contact support.',
    });
  });

  it('402 NOT_ENOUGH_CREDITS: the server’s text, and Buy credits offered', () => {
    const s = sandbox();
    s.reply(
      { status: 200, body: user() },
      {
        status: 402,
        body: { code: 'NOT_ENOUGH_CREDITS', error: 'You need 12 credits; you have 10.' },
      },
    );
    expect(errorOf(s)).toEqual({
      status: 402,
      code: 'NOT_ENOUGH_CREDITS',
      message: 'You need 12 credits; you have 10. Buy credits to read more pages.',
      buyCredits: true,
    });
    expect(s.writes).toEqual([]);
  });

  it('413 IMAGE_SIZE_EXCEED from the API', () => {
    const s = sandbox();
    s.reply(
      { status: 200, body: user() },
      { status: 413, body: { code: 'IMAGE_SIZE_EXCEED', error: 'The file is larger than 5 MB.' } },
    );
    expect(errorOf(s)).toMatchObject({
      status: 413,
      code: 'IMAGE_SIZE_EXCEED',
      message: expect.stringContaining('The file is larger than 5 MB.') as unknown,
      buyCredits: true,
    });
  });

  it('a file over the person’s limit is refused before it is sent', () => {
    const s = sandbox();
    s.reply({ status: 200, body: user({ topUpBalance: 0 }) });
    const big = 'A'.repeat(Math.ceil(((5 * 1024 * 1024 + 10) * 4) / 3));
    const outcome = s.call('extractUpload', upload({ base64: big })) as {
      error: Record<string, unknown>;
    };
    expect(outcome.error).toMatchObject({
      status: 413,
      code: 'IMAGE_SIZE_EXCEED',
      buyCredits: true,
    });
    expect(s.fetches.map((f) => f.url)).toEqual([`${API}/api/me`]);
  });

  it('a network failure: the server is unreachable', () => {
    const s = sandbox();
    s.reply(new Error('Address unavailable: https://api.tables.test/api/me'));
    expect(errorOf(s)).toEqual({
      message: 'Server is unreachable. Please try again later.',
      code: 'NETWORK_ERROR',
      detail: 'Address unavailable: https://api.tables.test/api/me',
    });
  });

  it('an answer that is not the API’s JSON (a proxy’s 502 page)', () => {
    const s = sandbox();
    s.reply({ status: 200, body: user() }, { status: 502, text: '<html>Bad gateway</html>' });
    expect(errorOf(s)).toEqual({ status: 502, message: 'Something went wrong, please try again' });
  });

  it('no identity token (openid not granted): nothing is sent', () => {
    const s = sandbox();
    s.identityToken = null;
    expect(errorOf(s)).toMatchObject({ code: 'NO_IDENTITY_TOKEN' });
    expect(s.fetches).toEqual([]);
  });

  it('a page range that is not one is refused before anything is sent', () => {
    const s = sandbox();
    const outcome = s.call(
      'extractUpload',
      upload({ pages: { kind: 'range', first: '5', last: '2' } }),
    );
    expect(outcome).toEqual({
      kind: 'error',
      error: { message: 'The first page must not be after the last.', code: 'BAD_REQUEST' },
    });
    expect(s.fetches).toEqual([]);
  });
});

describe('Google Picker', () => {
  it('gives the dialog the OAuth token, developer key and app id from Script Properties', () => {
    const s = sandbox();
    expect(s.call('getPickerConfig')).toMatchObject({ error: { code: 'PICKER_NOT_CONFIGURED' } });
    s.scriptProperties.setProperty('PICKER_DEVELOPER_KEY', 'browser-key');
    s.scriptProperties.setProperty('PICKER_APP_ID', '123456789012');
    expect(s.call('getPickerConfig')).toEqual({
      oauthToken: 'oauth-access-token-of-ada',
      developerKey: 'browser-key',
      appId: '123456789012',
    });
  });

  it('hands the picked file from the dialog to the sidebar once', () => {
    const s = sandbox();
    expect(s.call('takePickerResult')).toEqual({ waiting: true });
    const picked = { id: 'f1', name: 'scan.pdf', mimeType: 'application/pdf', sizeBytes: 1200 };
    s.call('pickerDone', { picked });
    expect(s.call('takePickerResult')).toEqual({ picked });
    expect(s.call('takePickerResult')).toEqual({ waiting: true });
  });
});
