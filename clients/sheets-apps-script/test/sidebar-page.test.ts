// The built Sidebar.html in jsdom, its server a fake google.script.run: the page reads the
// account, sends the chosen file with its pages and mode, follows a long file's job by calling
// pollJob after each pause (the pauses run by hand here), cancels it, and shows errors.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { buildAddon } from './apps-script-sandbox';

const JOB_ID = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const MB = 1024 * 1024;

let dist: string;
beforeAll(() => {
  dist = buildAddon();
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

type Answer = (...args: unknown[]) => unknown;

const state = (credits: number) => ({
  account: { email: 'ada@example.test', name: 'Ada', credits, maxBytes: 5 * MB },
  accountError: null,
  buyCreditsUrl: 'https://tables.test/sheets-extension-pricing?source=extension',
  pickerAvailable: true,
  pendingJob: null,
});

/** The sidebar page with a scripted server; pauses (setTimeout) are queued, not run. */
function openSidebar(answers: Record<string, Answer[]>) {
  const calls: { name: string; args: unknown[] }[] = [];
  const pauses: { run: () => void; ms: number }[] = [];
  const opened: string[] = [];
  const runner = () => {
    let ok: (value: unknown) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const chain: Record<string, unknown> = new Proxy(
      {},
      {
        get(_target, name: string) {
          if (name === 'withSuccessHandler') {
            return (handler: typeof ok) => ((ok = handler), chain);
          }
          if (name === 'withFailureHandler') {
            return (handler: typeof fail) => ((fail = handler), chain);
          }
          return (...args: unknown[]) => {
            calls.push({ name, args: JSON.parse(JSON.stringify(args)) as unknown[] });
            const answer = answers[name]?.shift();
            void Promise.resolve().then(() => {
              if (!answer) return fail(new Error(`no answer scripted for ${name}`));
              ok(answer(...args));
            });
          };
        },
      },
    );
    return chain;
  };
  const html = readFileSync(path.join(dist, 'Sidebar.html'), 'utf8');
  const dom = new JSDOM(html, {
    runScripts: 'dangerously',
    beforeParse(window) {
      const script = {};
      Object.defineProperty(script, 'run', { get: runner });
      Object.assign(window, {
        google: { script },
        setTimeout: (run: () => void, ms: number) => pauses.push({ run, ms }),
        open: (url: string) => opened.push(url),
      });
    },
  });
  const doc = dom.window.document;
  const byId = (id: string) => doc.getElementById(id) as HTMLElement & { value: string };
  return { dom, doc, byId, calls, pauses, opened };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setImmediate(r));
  expect(condition()).toBe(true);
}

function choosePdf(page: ReturnType<typeof openSidebar>, name: string, text: string): void {
  const input = page.byId('file') as unknown as HTMLInputElement;
  const file = new page.dom.window.File([text], name, { type: 'application/pdf' });
  Object.defineProperty(input, 'files', { value: [file] });
  input.dispatchEvent(new page.dom.window.Event('change'));
}

it('shows the credits, sends the file with a page range, follows the job to the sheet', async () => {
  const page = openSidebar({
    getSidebarState: [() => state(10), () => state(7)],
    extractUpload: [
      () => ({
        kind: 'running',
        jobId: JOB_ID,
        fileName: 'report.pdf',
        pagesDone: 0,
        pagesTotal: 0,
      }),
    ],
    pollJob: [
      () => ({
        kind: 'running',
        jobId: JOB_ID,
        fileName: 'report.pdf',
        pagesDone: 1,
        pagesTotal: 3,
      }),
      () => ({
        kind: 'inserted',
        sheetName: 'report',
        tables: 1,
        rows: 4,
        creditsSpent: 3,
        creditsRefunded: 0,
      }),
    ],
  });
  await until(() => page.byId('credits').textContent === 'Credits: 10');
  expect(page.byId('pick-drive').hidden).toBe(false);
  expect((page.byId('insert') as unknown as HTMLButtonElement).disabled).toBe(true);

  choosePdf(page, 'report.pdf', '%PDF-1.7 three pages');
  expect(page.byId('chosen').textContent).toBe('report.pdf');
  page.byId('pages-kind').value = 'range';
  page.byId('pages-kind').dispatchEvent(new page.dom.window.Event('change'));
  page.byId('first').value = '2';
  page.byId('last').value = '4';
  page.byId('last').dispatchEvent(new page.dom.window.Event('input'));
  expect(page.byId('cost').textContent).toBe('Uses up to 3 credits.');

  page.byId('insert').click();
  await until(() => page.calls.some((c) => c.name === 'extractUpload'));
  expect(page.calls.find((c) => c.name === 'extractUpload')?.args).toEqual([
    {
      pages: { kind: 'range', first: '2', last: '4' },
      mode: 'tables',
      fileName: 'report.pdf',
      mimeType: 'application/pdf',
      base64: Buffer.from('%PDF-1.7 three pages').toString('base64'),
    },
  ]);
  await until(() => page.pauses.length === 1);
  expect(page.byId('status').textContent).toBe('Reading the file…');
  expect(page.byId('cancel').hidden).toBe(false);
  expect(page.pauses[0]?.ms).toBe(2000);

  page.pauses.shift()?.run();
  await until(() => page.pauses.length === 1);
  expect(page.calls.filter((c) => c.name === 'pollJob').map((c) => c.args)).toEqual([
    [JOB_ID, 'report.pdf'],
  ]);
  expect(page.byId('status').textContent).toBe('Reading page 2 of 3…');

  page.pauses.shift()?.run();
  await until(() => page.byId('credits').textContent === 'Credits: 7');
  expect(page.byId('status').textContent).toBe(
    'Inserted 1 table into the sheet "report". 3 credits used.',
  );
  expect(page.byId('cancel').hidden).toBe(true);
  expect(page.pauses).toEqual([]);
});

it('cancels a running job and stops asking about it', async () => {
  const page = openSidebar({
    getSidebarState: [() => state(10), () => state(8)],
    extractUpload: [
      () => ({ kind: 'running', jobId: JOB_ID, fileName: 'long.pdf', pagesDone: 0, pagesTotal: 0 }),
    ],
    cancelJob: [() => ({ kind: 'cancelled', creditsRefunded: 2 })],
  });
  await until(() => page.byId('credits').textContent === 'Credits: 10');
  choosePdf(page, 'long.pdf', '%PDF-1.7 long');
  page.byId('insert').click();
  await until(() => page.pauses.length === 1);

  page.byId('cancel').click();
  await until(() => page.byId('status').textContent === 'Cancelled. 2 credits given back.');
  expect(page.calls.filter((c) => c.name === 'cancelJob').map((c) => c.args)).toEqual([[JOB_ID]]);
  page.pauses.shift()?.run(); // the pause already under way ends: no look at a cancelled job
  await new Promise((r) => setImmediate(r));
  expect(page.calls.some((c) => c.name === 'pollJob')).toBe(false);
});

it('shows an API error with its code, and Buy credits opens the pricing page', async () => {
  const page = openSidebar({
    getSidebarState: [() => state(1), () => state(1)],
    extractUpload: [
      () => ({
        kind: 'error',
        error: {
          message: 'You need 2 credits; you have 1. Buy credits to read more pages.',
          code: 'NOT_ENOUGH_CREDITS',
          status: 402,
          buyCredits: true,
        },
      }),
    ],
  });
  await until(() => page.byId('credits').textContent === 'Credits: 1');
  choosePdf(page, 'two.pdf', '%PDF-1.7 two');
  page.byId('insert').click();
  await until(() => page.byId('status').className === 'status error');
  expect(page.byId('status').textContent).toBe(
    'You need 2 credits; you have 1. Buy credits to read more pages.',
  );
  expect(page.byId('status-detail').textContent).toBe('NOT_ENOUGH_CREDITS · HTTP 402');
  expect(page.byId('buy-credits').classList.contains('attention')).toBe(true);
  page.byId('buy-credits').click();
  expect(page.opened).toEqual(['https://tables.test/sheets-extension-pricing?source=extension']);
});

it('refuses a file over the person’s limit before anything is sent', async () => {
  const page = openSidebar({ getSidebarState: [() => state(10)] });
  await until(() => page.byId('credits').textContent === 'Credits: 10');
  choosePdf(page, 'big.pdf', 'x'.repeat(5 * MB + 1));
  expect(page.byId('status').textContent).toBe(
    'The file is larger than 5 MB, the largest your plan reads.',
  );
  expect((page.byId('insert') as unknown as HTMLButtonElement).disabled).toBe(true);
});
