import { setAnalyticsSink, type AnalyticsEvent } from '../analytics/analytics';
import { configureApi } from './api-client';
import { toast } from '../toast/toast';
import { loginFromHere, logout, startLogin, startPricingLogin } from './login';
import { browserNavigation } from './navigation';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let assign: jest.SpyInstance;
let events: AnalyticsEvent[];

beforeEach(() => {
  configureApi({ baseUrl: 'http://api.test' });
  assign = jest.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  events = [];
  setAnalyticsSink((event) => events.push(event));
});
afterEach(() => assign.mockRestore());

describe('sign-in and logout', () => {
  it('calls session-init, then goes to /auth/google with the return path as state', async () => {
    const fetchMock = jest.fn(() => Promise.resolve(json(200, { csrfToken: 't' })));
    global.fetch = fetchMock;
    await startLogin('/handwriting-ocr?aff=x');
    expect(fetchMock).toHaveBeenCalledWith('http://api.test/api/session-init', {
      credentials: 'include',
    });
    expect(assign).toHaveBeenCalledWith(
      'http://api.test/auth/google?state=%2Fhandwriting-ocr%3Faff%3Dx',
    );
    expect(events.map((e) => e.event)).toEqual(['login_clicked']);
  });

  it('does not navigate when the API cannot start a sign-in', async () => {
    global.fetch = jest.fn(() => Promise.resolve(json(503, {})));
    await expect(startLogin('/')).rejects.toThrow('session-init answered 503');
    expect(assign).not.toHaveBeenCalled();
  });

  it('from pricing, posts the path to set-redirect (with the CSRF token) and goes to /auth/google', async () => {
    const fetchMock = jest
      .fn<Promise<Response>, [string, RequestInit?]>()
      .mockResolvedValueOnce(json(200, { csrfToken: 'tok' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await startPricingLogin('/pricing?aff=x');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('http://api.test/api/set-redirect');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ path: '/pricing?aff=x' }));
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('tok');
    expect(assign).toHaveBeenCalledWith('http://api.test/auth/google');
  });

  it('logs out by navigating to /auth/logout', () => {
    logout();
    expect(assign).toHaveBeenCalledWith('http://api.test/auth/logout');
  });
});

describe('loginFromHere (spec §8)', () => {
  it('only logs a failed sign-in, under the action "login": no toast', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const toastError = jest.spyOn(toast, 'error');
    global.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    loginFromHere({ pathname: '/pricing', search: '?aff=x' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(logged).toHaveBeenCalledWith('[login] failed:', expect.any(TypeError));
    expect(toastError).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    logged.mockRestore();
    toastError.mockRestore();
  });
});
