import { BadRequestException, type ArgumentsHost } from '@nestjs/common';
import { jest } from '@jest/globals';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { DomainError } from './domain-error.js';

function hostFor(action?: string) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = {
    headers: {},
  };
  const log = { error: jest.fn() };
  const response = {
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
    setHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
  };
  const host = {
    switchToHttp: () => ({
      getRequest: () => ({ id: 'req-1', log, method: 'POST', path: '/api/x', errorAction: action }),
      getResponse: () => response,
    }),
  } as unknown as ArgumentsHost;
  return { host, sent, log };
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();

  it('answers a domain error with its own status, code, message and headers', () => {
    const { host, sent } = hostFor();
    filter.catch(
      new DomainError('ENGINE_BUSY', 'Busy, try again soon', 503, { 'Retry-After': '5' }),
      host,
    );
    expect(sent).toEqual({
      status: 503,
      body: { code: 'ENGINE_BUSY', error: 'Busy, try again soon' },
      headers: { 'Retry-After': '5' },
    });
  });

  it('joins validation messages of an HTTP exception', () => {
    const { host, sent } = hostFor();
    filter.catch(new BadRequestException(['name is required', 'email must be an email']), host);
    expect(sent.status).toBe(400);
    expect(sent.body).toEqual({
      code: 'BAD_REQUEST',
      error: 'name is required; email must be an email',
    });
  });

  it('logs an unknown error with the request id and leaks nothing of it', () => {
    const { host, sent, log } = hostFor();
    filter.catch(new Error('secret connection string mongodb://user:pw@db'), host);
    expect(sent.status).toBe(500);
    expect(JSON.stringify(sent.body)).not.toContain('secret');
    expect(sent.body).toMatchObject({ code: 'INTERNAL_ERROR', requestId: 'req-1' });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('reports unknown errors with the action, and nothing that was answered on purpose', () => {
    const reported: [unknown, string][] = [];
    const reporting = new AllExceptionsFilter({
      report: (error, action) => reported.push([error, action]),
      flush: () => Promise.resolve(true),
    });
    const bug = new Error('bug');
    reporting.catch(bug, hostFor('extraction').host);
    reporting.catch(new Error('before routing'), hostFor().host);
    reporting.catch(new DomainError('ENGINE_BUSY', 'Busy', 503), hostFor('extraction').host);
    reporting.catch(new BadRequestException('bad'), hostFor('forms').host);
    expect(reported.map(([error, action]) => [(error as Error).message, action])).toEqual([
      ['bug', 'extraction'],
      ['before routing', 'POST /api/x'],
    ]);
  });
});
