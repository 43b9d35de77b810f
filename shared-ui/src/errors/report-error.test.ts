import {
  expectErrorReporter,
  reportError,
  reportingErrors,
  setErrorReporter,
  type ErrorContext,
} from './report-error';

let logged: jest.SpyInstance;
let sent: [unknown, ErrorContext][];
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  sent = [];
});
afterEach(() => {
  setErrorReporter(null);
  logged.mockRestore();
});

describe('reportError', () => {
  it('without a reporter (no DSN) only logs, with the action', () => {
    const error = new Error('boom');
    reportError(error, { action: 'extraction' });
    expect(logged).toHaveBeenCalledWith('[extraction] failed:', error);
  });

  it('sends to the reporter, and keeps reports made while it loads', () => {
    expectErrorReporter();
    const early = new Error('before the SDK');
    reportError(early, { action: 'payments' });
    setErrorReporter((error, context) => sent.push([error, context]));
    const late = new Error('after');
    reportError(late, { action: 'forms' });
    expect(sent).toEqual([
      [early, { action: 'payments' }],
      [late, { action: 'forms' }],
    ]);
  });

  it('reportingErrors catches what an action throws or rejects with', async () => {
    setErrorReporter((error, context) => sent.push([error, context]));
    reportingErrors('navbar:Pricing', () => {
      throw new Error('sync');
    })();
    reportingErrors('navbar:Login', () => Promise.reject(new Error('async')))();
    await Promise.resolve();
    expect(sent.map(([error, { action }]) => [(error as Error).message, action])).toEqual([
      ['sync', 'navbar:Pricing'],
      ['async', 'navbar:Login'],
    ]);
  });
});
