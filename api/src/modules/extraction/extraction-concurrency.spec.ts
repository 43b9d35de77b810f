import { EventEmitter } from 'node:events';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../../config/app-config.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { ExtractionConcurrency } from './extraction-concurrency.js';

// The slot's life, on its own: the API tests (extract-upload, extraction-disconnect) show it on
// the real app; these show the orders of events a test over HTTP cannot time.

const config = { extractLimits: { concurrentPerUser: 1 } } as AppConfig;

function request(userId: string): { req: Request; res: Response & EventEmitter } {
  const req = { user: { id: userId } } as unknown as Request;
  const res = new EventEmitter() as Response & EventEmitter;
  return { req, res };
}

/** Runs the admit middleware; the error it passed on, if any. */
function admit(concurrency: ExtractionConcurrency, req: Request, res: Response): unknown {
  let passed: unknown;
  concurrency.admit(req, res, ((error?: unknown) => (passed = error)) as NextFunction);
  return passed;
}

describe('ExtractionConcurrency', () => {
  it('gives the slot back only once the answer has gone and the job has ended, in either order', () => {
    const concurrency = new ExtractionConcurrency(config);
    for (const order of [
      ['close', 'job'],
      ['job', 'close'],
    ]) {
      const { req, res } = request('u1');
      expect(admit(concurrency, req, res)).toBeUndefined();
      const release = concurrency.holdForJob(req);
      for (const event of order) {
        expect(concurrency.runningFor('u1')).toBe(1);
        if (event === 'close') res.emit('close');
        else release();
      }
      expect(concurrency.runningFor('u1')).toBe(0);
      release(); // once only
      expect(concurrency.runningFor('u1')).toBe(0);
    }
  });

  it('refuses the next extraction while a left client’s job still runs', () => {
    const concurrency = new ExtractionConcurrency(config);
    const first = request('u2');
    admit(concurrency, first.req, first.res);
    const release = concurrency.holdForJob(first.req);
    first.res.emit('close'); // the client left
    const second = request('u2');
    expect(admit(concurrency, second.req, second.res)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    release();
    const third = request('u2');
    expect(admit(concurrency, third.req, third.res)).toBeUndefined();
  });

  it('runs no job whose client left before it started, nor one that took no slot', () => {
    const concurrency = new ExtractionConcurrency(config);
    const left = request('u3');
    admit(concurrency, left.req, left.res);
    left.res.emit('close');
    expect(() => concurrency.holdForJob(left.req)).toThrow(DomainError);
    expect(concurrency.runningFor('u3')).toBe(0);
    expect(() => concurrency.holdForJob(request('u3').req)).toThrow(/without a concurrency slot/);
  });
});
