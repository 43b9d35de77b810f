import http from 'node:http';
import * as Sentry from '@sentry/react';
import { reportError, setErrorReporter } from 'shared-ui';
import { startEnvelopeReceiver, type ReceivedEvent } from '../testing/envelope-receiver';
import { startErrorReporting } from './sentry';

// The shell's SDK with the real @sentry/react, its envelopes posted to a local receiver. jsdom has
// no fetch: the SDK's own fetch transport is given one made on node:http.
const nodeFetch = ((url: string, init: RequestInit) =>
  new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method ?? 'POST' }, (response) => {
      response.resume();
      response.on('end', () => resolve(new Response(null, { status: response.statusCode ?? 0 })));
    });
    request.on('error', reject);
    request.end(init.body as string | Uint8Array);
  })) as unknown as typeof fetch;

let receiver: Awaited<ReturnType<typeof startEnvelopeReceiver>>;
let logged: jest.SpyInstance;

beforeAll(async () => {
  receiver = await startEnvelopeReceiver();
  setErrorReporter(
    startErrorReporting({
      dsn: receiver.dsn('7'),
      transport: (options) => Sentry.makeFetchTransport(options, nodeFetch),
    }),
  );
});
beforeEach(() => {
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => logged.mockRestore());
afterAll(async () => {
  setErrorReporter(null);
  await Sentry.close(2000);
  await receiver.close();
});

async function eventWith(text: string): Promise<ReceivedEvent> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = receiver.events.find((event) => JSON.stringify(event).includes(text));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no report containing ${text} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('front-end error reports', () => {
  it('reach the service tagged with the action, and are logged with it', async () => {
    reportError(new Error('OCR answer unreadable (case 1)'), { action: 'extraction' });
    const event = await eventWith('case 1');
    expect(event.project).toBe('7');
    expect(event.tags?.action).toBe('extraction');
    expect(event.exception?.values?.[0]?.value).toBe('OCR answer unreadable (case 1)');
    expect(logged).toHaveBeenCalledWith('[extraction] failed:', expect.any(Error));
  });

  it('leave out e-mails, tokens, file data, query strings, bodies and the user', async () => {
    Sentry.setUser({ id: 'user-1', email: 'ana@example.com', ip_address: '10.0.0.1' });
    Sentry.addBreadcrumb({
      category: 'fetch',
      data: {
        method: 'POST',
        url: 'http://api.test/api/extract?token=secret-query',
        request_body: '{"base64Image":"iVBORw0KGgo"}',
      },
    });
    Sentry.addBreadcrumb({ category: 'console', message: 'signed in as ana@example.com' });
    const fileBytes = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk';
    reportError(
      new Error(
        `payment failed for ana@example.com with Bearer abc.def.ghi and ${fileBytes} (case 2)`,
      ),
      { action: 'payments:verify' },
    );
    const event = await eventWith('case 2');
    Sentry.setUser(null);
    const sent = JSON.stringify(event);
    expect(event.tags?.action).toBe('payments:verify');
    for (const secret of [
      'ana@example.com',
      'abc.def.ghi',
      fileBytes,
      'secret-query',
      'iVBOR',
      '10.0.0.1',
    ]) {
      expect(sent).not.toContain(secret);
    }
    expect(event.user).toEqual({ id: 'user-1' });
    expect(sent).toContain('http://api.test/api/extract?[query]');
  });

  it('drops the spec’s ignored phrases, whoever reports them', async () => {
    reportError(new Error('Request aborted'), { action: 'extraction' });
    Sentry.captureException(new Error('openCamera failed: Permission denied'));
    Sentry.captureMessage('LocalStorage access blocked by the browser');
    reportError(new Error('after the ignored ones (case 3)'), { action: 'forms:/api/contact' });
    await eventWith('case 3');
    const sent = JSON.stringify(receiver.events).toLowerCase();
    expect(sent).not.toContain('request aborted');
    expect(sent).not.toContain('opencamera failed');
    expect(sent).not.toContain('localstorage access blocked');
  });
});
