import { randomUUID } from 'node:crypto';
import type { TablesJobView } from 'contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { rawUpload } from '../../testing/raw-upload.js';
import { SignedInApp, type SignedIn } from '../../testing/signed-in-app.js';
import { CreditsService } from '../billing/credits.service.js';
import { ExtractionConcurrency } from '../extraction/extraction-concurrency.js';
import { JobsService, LEASE_MS } from '../jobs/jobs.service.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { TABLES_READER, type TablesReader } from './tables-reader.js';
import { TablesService } from './tables.service.js';
import { controllableReader, type ControllableDocument } from './testing/controllable-reader.js';

// The credits and jobs mechanics of POST /api/sheets-extension/extract on the real database,
// with two API instances sharing it. The engine's table reader is replaced by a TEST DOUBLE
// (testing/controllable-reader.ts: pages that take a set time, chosen pages failing), so what is
// tested is who pays, when, and which instance answers; the route's tests with real files (cells
// of real PDFs) run the real engine.

const ENV = {
  EXTRACT_CONCURRENT_PER_USER: '20',
  EXTRACT_LIMIT_PER_USER: '1000',
  EXTRACT_LIMIT_PER_IP: '1000',
};
// What the double reads is not these bytes: they only pass the upload gate and the size check.
const FILE = Buffer.from('%PDF-1.7 read by the test double, not parsed').toString('base64');
const EXTRACT = '/api/sheets-extension/extract';
const MB = 1024 * 1024;
const asUser = (who: SignedIn) => ({ id: who.userId }) as SignedInUser;

describe('table jobs and their credits across two API instances', () => {
  let a: SignedInApp;
  let b: SignedInApp;
  let document: ControllableDocument = { pageCount: 1, pageMs: 0 };
  const people: SignedIn[] = [];

  beforeAll(async () => {
    a = await SignedInApp.start(ENV);
    // Everyone signs in before B starts: passport's strategies are one per process, and B's
    // would send A's sign-ins back to B.
    for (let i = 1; i <= 12; i++) {
      people.push(await a.signIn(`Table person ${String(i)}`, `tables${String(i)}@example.com`));
    }
    const shared = a.app.get<AppConfig>(APP_CONFIG).mongodbUri;
    b = await SignedInApp.start({ ...ENV, MONGODB_URI: shared });
    for (const platform of [a, b]) {
      Object.assign(platform.app.get<TablesReader>(TABLES_READER), {
        extractTables: controllableReader(() => document),
      });
    }
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const person = async (): Promise<SignedIn> => {
    const next = people.shift();
    if (!next) throw new Error('sign more people in before B starts');
    return Promise.resolve(next);
  };
  const balance = async (who: SignedIn): Promise<number> => {
    const { defaultBalance, topUpBalance } = await a.app.get(CreditsService).available(who.userId);
    return defaultBalance + topUpBalance;
  };
  const topUp = (who: SignedIn, credits: number) =>
    a.app.get(CreditsService).creditTopUp({
      userId: who.userId,
      provider: 'test',
      orderId: randomUUID(),
      credits,
      at: new Date(),
    });
  /** The same browser session, its requests sent to instance B (sessions live in MongoDB). */
  const atB = (who: SignedIn) => {
    for (const pair of who.browser.cookieHeader(a.api).split('; ')) {
      const index = pair.indexOf('=');
      who.browser.setCookie(b.api, pair.slice(0, index), pair.slice(index + 1));
    }
    const headers = { 'x-csrf-token': who.csrf };
    return {
      get: async (id: string) =>
        who.browser.request(`${b.api}/api/sheets-extension/jobs/${id}`, { headers }),
      cancel: async (id: string) =>
        who.browser.request(`${b.api}/api/sheets-extension/jobs/${id}`, {
          method: 'DELETE',
          headers,
        }),
    };
  };
  const viewAtB = async (who: SignedIn, id: string): Promise<TablesJobView> =>
    (await (await atB(who).get(id)).json()) as TablesJobView;
  const until = async (
    who: SignedIn,
    id: string,
    done: (view: TablesJobView) => boolean,
  ): Promise<TablesJobView> => {
    for (let i = 0; i < 200; i++) {
      const view = await viewAtB(who, id);
      if (done(view)) return view;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} never got there`);
  };

  /** A's concurrency slot of the person is free within the job's heartbeat and a page. */
  const slotFreed = async (who: SignedIn): Promise<void> => {
    for (let i = 0; i < 50; i++) {
      if (a.app.get(ExtractionConcurrency).runningFor(who.userId) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the slot stayed taken');
  };

  it('answers a short request with its result and job id, 1 credit a page', async () => {
    const who = await person();
    document = { pageCount: 2, pageMs: 10 };
    const response = await who.post(EXTRACT, { file: FILE, fileName: 'a.pdf', mode: 'tables' });
    expect(response.status).toBe(200);
    const view = (await response.json()) as TablesJobView;
    expect(view).toEqual({
      jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      state: 'done',
      progress: { pagesDone: 2, pagesTotal: 2 },
      result: {
        tables: [
          { page: 1, pages: [1], rows: [['page 1']] },
          { page: 2, pages: [2], rows: [['page 2']] },
        ],
      },
      credits: { reserved: 2, spent: 2, refunded: 0 },
    });
    expect(await balance(who)).toBe(3);
    expect(a.app.get(ExtractionConcurrency).runningFor(who.userId)).toBe(0);
    // What a download is made of, from the other instance: the cells and the file's name.
    expect(await b.app.get(TablesService).forDownload(asUser(who), view.jobId)).toEqual({
      tables: view.result?.tables,
      fileName: 'a.pdf',
    });
  });

  it('gives back the credit of a page that fails, once', async () => {
    const who = await person();
    document = { pageCount: 3, pageMs: 10, failPages: [2] };
    const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
    expect(response.status).toBe(200);
    const view = (await response.json()) as TablesJobView;
    expect(view.result?.tables.map((t) => t.page)).toEqual([1, 3]);
    expect(view.credits).toEqual({ reserved: 3, spent: 2, refunded: 1 });
    expect(await balance(who)).toBe(3);
  });

  it('refuses with 402 NOT_ENOUGH_CREDITS when the pages asked outnumber the credits, reading none', async () => {
    const who = await person();
    await a.app.get(CreditsService).spend(who.userId, 4);
    document = { pageCount: 5, pageMs: 10, read: [] };
    const response = await who.post(EXTRACT, {
      file: FILE,
      pages: { first: 1, last: 2 },
      mode: 'tables',
    });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ code: 'NOT_ENOUGH_CREDITS' });
    expect(document.read).toEqual([]);
    expect(await balance(who)).toBe(1);
    // The one page left can still be read.
    const one = await who.post(EXTRACT, { file: FILE, page: 4, mode: 'invoice' });
    expect(one.status).toBe(200);
    expect(document.read).toEqual([4]);
    expect(await balance(who)).toBe(0);
  });

  it('lets exactly 3 of 10 parallel one-page requests read with 3 credits left; 7 get 402', async () => {
    const who = await person();
    await a.app.get(CreditsService).spend(who.userId, 2);
    document = { pageCount: 1, pageMs: 50, read: [] };
    const statuses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
        const body = (await response.json()) as { code?: string };
        return `${String(response.status)} ${body.code ?? ''}`.trim();
      }),
    );
    expect(statuses.filter((s) => s === '200')).toHaveLength(3);
    expect(statuses.filter((s) => s === '402 NOT_ENOUGH_CREDITS')).toHaveLength(7);
    expect(document.read).toHaveLength(3);
    expect(await balance(who)).toBe(0);
  });

  it('charges nothing for a page range the file does not have', async () => {
    const who = await person();
    document = { pageCount: 2, pageMs: 10 };
    const response = await who.post(EXTRACT, {
      file: FILE,
      pages: { first: 2, last: 3 },
      mode: 'tables',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'PAGE_OUT_OF_RANGE' });
    expect(await balance(who)).toBe(5);
  });

  it('runs a long file as a job on A that B answers to its owner only, holding the slot until it ends', async () => {
    const who = await person();
    const stranger = await person();
    await topUp(who, 10);
    document = { pageCount: 6, pageMs: 250 };
    const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    const running = await viewAtB(who, jobId);
    expect(running).toMatchObject({ jobId, state: 'running', progress: { pagesTotal: 6 } });
    expect(a.app.get(ExtractionConcurrency).runningFor(who.userId)).toBe(1);
    await expect(b.app.get(TablesService).forDownload(asUser(who), jobId)).rejects.toMatchObject({
      code: 'JOB_NOT_DONE',
      status: 409,
    });
    const theirs = await atB(stranger).get(jobId);
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toMatchObject({ code: 'JOB_NOT_FOUND' });
    const done = await until(who, jobId, (view) => view.state === 'done' && view.credits.spent > 0);
    expect(done.progress).toEqual({ pagesDone: 6, pagesTotal: 6 });
    expect(done.result?.tables).toHaveLength(6);
    expect(done.credits).toEqual({ reserved: 6, spent: 6, refunded: 0 });
    expect(await balance(who)).toBe(15 - 6);
    // The slot is freed as the job's end returns, just after its credits are written.
    await slotFreed(who);
  });

  it('cancels a job running on A from B, giving back the pages not read', async () => {
    const who = await person();
    await topUp(who, 10);
    document = { pageCount: 8, pageMs: 300, read: [] };
    const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    await until(who, jobId, (view) => view.progress.pagesDone >= 1);
    const cancelled = await atB(who).cancel(jobId);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ state: 'cancelled' });
    // A sees the cancel at its next heartbeat, stops, and settles the hold.
    const settled = await until(who, jobId, (view) => view.credits.refunded > 0);
    const read = document.read?.length ?? 0;
    expect(read).toBeLessThan(8);
    expect(settled).toMatchObject({
      state: 'cancelled',
      credits: { reserved: 8, spent: read, refunded: 8 - read },
    });
    expect(await balance(who)).toBe(15 - read);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(document.read).toHaveLength(read); // nothing read after it stopped
  });

  it('fails a job whose instance stopped renewing its lease, from B, and gives its credits back once', async () => {
    const who = await person();
    await topUp(who, 10);
    document = { pageCount: 6, pageMs: 300 };
    const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
    expect(response.status).toBe(202);
    const { jobId } = (await response.json()) as { jobId: string };
    await until(who, jobId, (view) => view.progress.pagesDone >= 1);
    // B's sweep as it will run once A's lease has lapsed (A is alive here, so its clock is
    // moved instead): the job is failed and its whole hold given back.
    const later = new Date(Date.now() + LEASE_MS + 1000);
    expect(await b.app.get(JobsService).sweep(later)).toBe(1);
    const failed = await viewAtB(who, jobId);
    expect(failed).toMatchObject({
      state: 'failed',
      error: { code: 'ENGINE_FAILED' },
      credits: { reserved: 6, spent: 0, refunded: 6 },
    });
    expect(await balance(who)).toBe(15);
    // A's runner learns it at its heartbeat and stops; its own end changes nothing.
    await slotFreed(who);
    expect(await viewAtB(who, jobId)).toMatchObject({ state: 'failed' });
    expect(await balance(who)).toBe(15);
  });

  it('takes 5 MB from a free person and 30 MB from one with bought credits, refusing more before reading it', async () => {
    const free = await person();
    const buyer = await person();
    await topUp(buyer, 1);
    const declared = await rawUpload({
      url: `${a.api}${EXTRACT}`,
      headers: {
        cookie: free.browser.cookieHeader(a.api),
        'content-type': 'application/json',
        'x-csrf-token': free.csrf,
      },
      declaredLength: 20 * MB,
      total: 20 * MB,
      chunkBytes: 64 * 1024,
      intervalMs: 5,
      headStartMs: 300,
    }).answer;
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({
      code: 'IMAGE_SIZE_EXCEED',
      error: 'File is larger than the 5MB limit of your plan.',
    });
    expect(declared.sentAtAnswer).toBeLessThan(MB);
    document = { pageCount: 1, pageMs: 0 };
    const sixMb = { file: Buffer.alloc(6 * MB, 0x25).toString('base64'), mode: 'tables' };
    // Refused by its declared length before it is read: streamed as a client would, still
    // sending when the answer comes (the server drops the rest for a moment, refuse()).
    const sixMbLength = Buffer.byteLength(JSON.stringify(sixMb));
    const refused = await rawUpload({
      url: `${a.api}${EXTRACT}`,
      headers: {
        cookie: free.browser.cookieHeader(a.api),
        'content-type': 'application/json',
        'x-csrf-token': free.csrf,
      },
      declaredLength: sixMbLength,
      total: sixMbLength,
      chunkBytes: 64 * 1024,
      intervalMs: 5,
      headStartMs: 300,
    }).answer;
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'IMAGE_SIZE_EXCEED' });
    expect(await balance(free)).toBe(5);
    const taken = await buyer.post(EXTRACT, sixMb);
    expect(taken.status).toBe(200);
    expect(await balance(buyer)).toBe(5);
    const visitor = await a.visitor();
    const unsigned = await visitor.post(EXTRACT, { file: FILE, mode: 'tables' });
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
  });

  it('forgets a job and its result after its time to live', async () => {
    const who = await person();
    document = { pageCount: 1, pageMs: 10 };
    const response = await who.post(EXTRACT, { file: FILE, mode: 'tables' });
    const { jobId } = (await response.json()) as { jobId: string };
    expect((await atB(who).get(jobId)).status).toBe(200);
    await b.app.get(JobsService).sweep(new Date(Date.now() + 3600_000 + 1000));
    const gone = await atB(who).get(jobId);
    expect(gone.status).toBe(404);
    expect(await b.db.collection('jobs').countDocuments({ _id: jobId as never })).toBe(0);
  });
});
