import { jest } from '@jest/globals';
import { ValidationPipe, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { NextFunction, Request, Response } from 'express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { TablesJobView } from 'contracts';
import { AllExceptionsFilter } from '../../common/errors/all-exceptions.filter.js';
import { RateLimitGuard } from '../../common/throttling/rate-limit.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { ExtractionConcurrency } from '../extraction/extraction-concurrency.js';
import { TablesController } from './tables.controller.js';
import { TablesService } from './tables.service.js';

// The controller's contract (conventions: one controller, its service mocked): which routes are
// guarded, the exact 400s of bad input, and that the service's status goes out. Behaviour with
// the real database is tables-jobs.e2e-spec.ts.
const JOB = '0b7f6d7e-0c36-4c5b-9a57-58d6f0f5e0a1';
const USER = { id: 'user-1' } as SignedInUser;

describe('TablesController contract', () => {
  let app: INestApplication<App>;
  let signedIn = true;
  const tables = {
    start: jest.fn<TablesService['start']>(),
    get: jest.fn<TablesService['get']>(),
    cancel: jest.fn<TablesService['cancel']>(),
    exportTables: jest.fn<TablesService['exportTables']>(),
  };
  const release = jest.fn();

  beforeAll(async () => {
    const module = await Test.createTestingModule({
      controllers: [TablesController],
      providers: [
        { provide: TablesService, useValue: tables },
        { provide: ExtractionConcurrency, useValue: { holdForJob: () => release } },
      ],
    })
      .overrideGuard(RateLimitGuard)
      .useValue({ canActivate: () => true })
      .compile();
    app = module.createNestApplication<INestApplication<App>>();
    app.use((req: Request, _res: Response, next: NextFunction) => {
      if (signedIn) req.user = USER;
      next();
    });
    app.useGlobalPipes(
      new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
    );
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    signedIn = true;
    jest.clearAllMocks();
  });

  const post = (body: unknown) =>
    request(app.getHttpServer())
      .post('/api/sheets-extension/extract')
      .send(body as object);

  it.each([
    ['get', () => request(app.getHttpServer()).get(`/api/sheets-extension/jobs/${JOB}`)],
    ['delete', () => request(app.getHttpServer()).delete(`/api/sheets-extension/jobs/${JOB}`)],
    ['post', () => post({ file: 'AAAA', mode: 'tables' })],
    [
      'export',
      () =>
        request(app.getHttpServer())
          .post('/api/sheets-extension/export')
          .send({ format: 'csv', tables: [[['a']]] }),
    ],
  ])('refuses %s without a signed-in person, calling nothing', async (_verb, send) => {
    signedIn = false;
    const response = await send();
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'SIGN_IN_REQUIRED' });
    expect(tables.start).not.toHaveBeenCalled();
    expect(tables.get).not.toHaveBeenCalled();
    expect(tables.cancel).not.toHaveBeenCalled();
    expect(tables.exportTables).not.toHaveBeenCalled();
  });

  it.each([
    [{ mode: 'tables' }, 'file is required (the file as base64)'],
    [{ file: 'AAAA', mode: 'csv' }, 'mode must be one of: tables, invoice'],
    [{ file: 'AAAA', mode: 'tables', page: 0 }, 'page must not be less than 1'],
    [
      { file: 'AAAA', mode: 'tables', pages: { first: 1, last: 'x' } },
      'pages.last must be an integer number',
    ],
    [{ file: 'AAAA', mode: 'tables', userId: 'someone' }, 'property userId should not exist'],
  ])('answers 400 to %j: %s', async (body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((response.body as { error: string }).error).toContain(message);
    expect(tables.start).not.toHaveBeenCalled();
  });

  it('answers 400 to a job id that is not a UUID, before the service', async () => {
    const response = await request(app.getHttpServer()).get('/api/sheets-extension/jobs/1');
    expect(response.status).toBe(400);
    expect(tables.get).not.toHaveBeenCalled();
  });

  it("sends the service's status: 202 with the job id for a long file", async () => {
    tables.start.mockResolvedValue({ status: 202, body: { jobId: JOB } });
    const response = await post({
      file: 'AAAA',
      fileName: 'x.pdf',
      pages: { first: 1, last: 9 },
      mode: 'invoice',
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ jobId: JOB });
    expect(tables.start).toHaveBeenCalledWith(
      USER,
      expect.objectContaining({ pages: { first: 1, last: 9 }, mode: 'invoice' }),
      release,
      { respondAsync: false },
    );
    expect(response.headers['preference-applied']).toBeUndefined();
  });

  it.each([
    ['respond-async', true],
    ['Respond-Async', true],
    ['wait=10, respond-async', true],
    ['respond-async; foo=bar', true],
    ['handling=lenient', false],
    ['foo="respond-async, x"', false],
    ['respond-asynchronously', false],
  ])(
    'Prefer: %s: the service is asked to answer at once (%s), and Preference-Applied says so',
    async (prefer, respondAsync) => {
      tables.start.mockResolvedValue({ status: 202, body: { jobId: JOB } });
      const response = await post({ file: 'AAAA', mode: 'tables' }).set('Prefer', prefer);
      expect(response.status).toBe(202);
      expect(tables.start).toHaveBeenCalledWith(USER, expect.anything(), release, {
        respondAsync,
      });
      expect(response.headers['preference-applied']).toBe(
        respondAsync ? 'respond-async' : undefined,
      );
    },
  );

  it('a refused request with Prefer: respond-async gets its error, not Preference-Applied', async () => {
    tables.start.mockRejectedValue(new Error('engine down'));
    const response = await post({ file: 'AAAA', mode: 'tables' }).set('Prefer', 'respond-async');
    expect(response.status).toBe(500);
    expect(response.headers['preference-applied']).toBeUndefined();
  });

  it('reads and cancels a job as the signed-in person', async () => {
    const view = (state: 'running' | 'cancelled'): TablesJobView => ({
      jobId: JOB,
      state,
      progress: { pagesDone: 1, pagesTotal: 4 },
      credits: { reserved: 4, spent: 1, refunded: 0 },
    });
    tables.get.mockResolvedValue(view('running'));
    tables.cancel.mockResolvedValue(view('cancelled'));
    expect(
      (await request(app.getHttpServer()).get(`/api/sheets-extension/jobs/${JOB}`)).body,
    ).toEqual(view('running'));
    const cancelled = await request(app.getHttpServer()).delete(
      `/api/sheets-extension/jobs/${JOB}`,
    );
    expect(cancelled.status).toBe(200);
    expect(tables.get).toHaveBeenCalledWith(USER, JOB);
    expect(tables.cancel).toHaveBeenCalledWith(USER, JOB);
  });

  const exportTables = (body: unknown) =>
    request(app.getHttpServer())
      .post('/api/sheets-extension/export')
      .send(body as object);

  it.each([
    [{ tables: [[['a']]] }, 'format must be one of: csv, xlsx'],
    [{ format: 'csv' }, 'tables must be a list of tables'],
    [{ format: 'csv', tables: [['a']] }, 'tables[0][0] must be a list of cells'],
    [{ format: 'csv', tables: [[['a', null]]] }, 'tables[0][0] must hold only text cells'],
    [{ format: 'csv', tables: Array.from({ length: 51 }, () => []) }, 'at most 50 tables'],
    [
      { format: 'csv', tables: [[Array.from({ length: 101 }, () => 'x')]] },
      'tables[0][0] must hold at most 100 cells',
    ],
    [
      { format: 'csv', tables: [Array.from({ length: 5_001 }, () => [])] },
      'tables[0] must hold at most 5,000 rows',
    ],
    [{ format: 'csv', fileName: 'x'.repeat(256), tables: [] }, 'fileName must be shorter'],
    [{ format: 'csv', tables: [], jobId: JOB }, 'property jobId should not exist'],
    [{ format: 'csv', tables: [[]], pages: [0] }, 'each value in pages must not be less than 1'],
    [{ format: 'csv', tables: [[]], pages: ['2'] }, 'each value in pages must be an integer'],
  ])('answers 400 to an export of %#: %s', async (body, message) => {
    const response = await exportTables(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect((response.body as { error: string }).error).toContain(message);
    expect(tables.exportTables).not.toHaveBeenCalled();
  });

  it("sends the service's export as a download, named and not cached", async () => {
    tables.exportTables.mockResolvedValue({
      name: 'March.csv',
      type: 'text/csv; charset=utf-8',
      bytes: Buffer.from('a,b\r\n'),
    });
    const body = { format: 'csv', fileName: 'March.pdf', tables: [[['a', 'b']]] };
    const response = await exportTables(body);
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename=March.csv');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toBe('a,b\r\n');
    expect(tables.exportTables).toHaveBeenCalledWith(expect.objectContaining(body));
  });
});
