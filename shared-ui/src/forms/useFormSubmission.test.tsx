import { act, renderHook } from '@testing-library/react';
import { configureApi } from '../session/api-client';
import { useFormSubmission } from './useFormSubmission';

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('useFormSubmission', () => {
  let calls: Call[];
  let now: number;

  beforeEach(() => {
    configureApi({ baseUrl: 'http://api.test' });
    calls = [];
    global.fetch = jest.fn((url: RequestInfo | URL, init: RequestInit = {}) => {
      const href = url instanceof Request ? url.url : url.toString();
      calls.push({ url: href, init });
      return Promise.resolve(
        href.endsWith('/api/session-init')
          ? json(200, { csrfToken: 'tok' })
          : json(200, { success: true, message: 'Thanks!' }),
      );
    });
    now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => jest.restoreAllMocks());

  it('tells the server how long the form was on screen (X-Form-Age), for its too-fast rule', async () => {
    const { result } = renderHook(() => useFormSubmission('/api/contact'));
    now += 7_250;
    await act(async () => {
      expect(await result.current.submit({ name: 'Mina' })).toBe(true);
    });
    const post = calls.find((c) => c.url === 'http://api.test/api/contact');
    expect(new Headers(post?.init.headers).get('x-form-age')).toBe('7250');
    expect(result.current.state).toEqual({ status: 'success', message: 'Thanks!' });
  });
});
