import {
  buildRuntimeConfig,
  ERROR_REPORTING,
  integrationCspSources,
  isIgnoredErrorMessage,
  scrubErrorEvent,
  type ReportableEvent,
} from '../src/index.js';

describe('the ignore list (spec §7)', () => {
  it.each([
    'Request aborted',
    'TypeError: LocalStorage access blocked',
    'Failed fetch from an ad-serving host (pagead2)',
    'openCamera failed: Permission denied',
  ])('ignores "%s" in any case', (message) => {
    expect(isIgnoredErrorMessage(message)).toBe(true);
  });

  it('keeps everything else', () => {
    expect(isIgnoredErrorMessage('Failed to fetch')).toBe(false);
    expect(isIgnoredErrorMessage('')).toBe(false);
  });
});

describe('scrubErrorEvent', () => {
  it('removes bodies, cookies, credentials, queries, e-mails, tokens and the user', () => {
    const event: ReportableEvent = {
      message:
        'upload of ana@example.com failed: Bearer abc.def and eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0',
      exception: {
        values: [
          {
            value: `bytes ${'QUJD'.repeat(20)}`,
            stacktrace: { frames: [{ vars: { token: 't' } }] },
          },
        ],
      },
      request: {
        url: 'https://api.example.com/api/extract?token=abc&email=ana@example.com',
        query_string: 'token=abc',
        data: '{"base64Image":"..."}',
        cookies: { sid: 's' },
        headers: {
          Authorization: 'Bearer abc',
          Cookie: 'sid=s',
          'X-CSRF-Token': 'csrf',
          Referer: 'https://site.example.com/pricing?googleId=1',
          'User-Agent': 'UA',
        },
      },
      user: { id: 'u1', email: 'ana@example.com', ip_address: '10.0.0.1', username: 'ana' },
      extra: { extractedText: 'the page text' },
      breadcrumbs: [
        { category: 'fetch', data: { url: '/api/me?x=1', method: 'GET', request_body: 'b' } },
        { category: 'console', message: 'hi ana@example.com', data: { arguments: ['secret'] } },
      ],
    };
    const sent = JSON.stringify(scrubErrorEvent(event));
    for (const secret of [
      'ana@example.com',
      'abc',
      'eyJ',
      'QUJD',
      'sid',
      'csrf',
      'googleId',
      'the page text',
      'secret',
      '10.0.0.1',
      'base64Image',
      'x=1',
      '"vars"',
    ]) {
      expect(sent).not.toContain(secret);
    }
    expect(event.request?.url).toBe('https://api.example.com/api/extract?[query]');
    expect(event.request?.headers).toEqual({
      Referer: 'https://site.example.com/pricing?[query]',
      'User-Agent': 'UA',
    });
    expect(event.user).toEqual({ id: 'u1' });
    expect(event.breadcrumbs?.[0]?.data).toEqual({ url: '/api/me?[query]', method: 'GET' });
  });
});

describe('error reporting as a browser integration', () => {
  it('is off by default and opens connect-src to the DSN host alone when set', () => {
    const off = buildRuntimeConfig({});
    expect(off.sentryDsn).toBe('');
    expect(integrationCspSources(off)['connect-src']).toEqual([]);
    const on = buildRuntimeConfig({ SENTRY_DSN_WEB: 'https://key@o1.ingest.example.io/42' });
    expect(on.sentryDsn).toBe('https://key@o1.ingest.example.io/42');
    expect(ERROR_REPORTING.csp(on)).toEqual({ 'connect-src': ['https://o1.ingest.example.io'] });
    expect(integrationCspSources(on)['connect-src']).toEqual(['https://o1.ingest.example.io']);
  });
});
