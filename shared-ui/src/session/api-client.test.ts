import { apiFetch, configureApi } from './api-client';

type Call = { url: string; init: RequestInit };

function fakeApi(answers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  global.fetch = jest.fn((url: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: url instanceof Request ? url.url : url.toString(), init };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected call ${call.url}`);
    return Promise.resolve(answer(call));
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const headerOf = (call: Call | undefined, name: string) =>
  new Headers(call?.init.headers).get(name);

beforeEach(() => configureApi({ baseUrl: 'http://api.test' }));

describe('apiFetch', () => {
  it('sends GETs with credentials and no token', async () => {
    const calls = fakeApi([() => json(200, {})]);
    await apiFetch('/api/me');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://api.test/api/me');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(headerOf(calls[0], 'X-CSRF-Token')).toBeNull();
  });

  it("sends state-changing calls with the session's CSRF token, fetched once", async () => {
    const calls = fakeApi([
      () => json(200, { csrfToken: 'tok-1' }),
      () => json(200, { ok: true }),
      () => json(200, { ok: true }),
    ]);
    await apiFetch('/api/contact', { method: 'POST', body: '{}' });
    await apiFetch('/api/contact', { method: 'POST', body: '{}' });
    expect(calls.map((c) => c.url)).toEqual([
      'http://api.test/api/session-init',
      'http://api.test/api/contact',
      'http://api.test/api/contact',
    ]);
    expect(headerOf(calls[1], 'X-CSRF-Token')).toBe('tok-1');
    expect(headerOf(calls[2], 'X-CSRF-Token')).toBe('tok-1');
  });

  it('gets a new token once when the API rejects a stale one', async () => {
    const calls = fakeApi([
      () => json(200, { csrfToken: 'old' }),
      () => json(403, { code: 'CSRF_TOKEN_INVALID', error: 'stale' }),
      () => json(200, { csrfToken: 'new' }),
      () => json(200, { ok: true }),
    ]);
    const response = await apiFetch('/api/feedback', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(headerOf(calls[3], 'X-CSRF-Token')).toBe('new');
  });

  it('does not retry other 403 answers', async () => {
    const calls = fakeApi([
      () => json(200, { csrfToken: 't' }),
      () => json(403, { code: 'FORBIDDEN', error: 'no' }),
    ]);
    const response = await apiFetch('/api/support/messages', { method: 'PATCH' });
    expect(response.status).toBe(403);
    expect(calls).toHaveLength(2);
  });
});
