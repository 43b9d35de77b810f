import type { SignedIn, SignedInApp } from './signed-in-app.js';

// Shared by the database fault tests (security test plan 34 and 35).
export const ORIGIN = 'http://web.test';
export const CONTACT = {
  name: 'Ravi',
  email: 'ravi@example.com',
  message: 'Hello there',
  extraInfo: '',
};

/** Unhandled rejections of this test file's process, collected while its tests run. */
export function collectRejections(): unknown[] {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeAll(() => process.on('unhandledRejection', onRejection));
  afterAll(() => process.off('unhandledRejection', onRejection));
  return rejections;
}

export type Answer = {
  status: number;
  ms: number;
  headers: Headers;
  body: Record<string, unknown>;
};

export async function timed(send: () => Promise<Response>): Promise<Answer> {
  const started = performance.now();
  const response = await send();
  const body = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    ms: performance.now() - started,
    headers: response.headers,
    body,
  };
}

export const me = (app: SignedInApp, user: SignedIn) => () =>
  user.browser.request(`${app.api}/api/me`, { headers: { origin: ORIGIN } });
export const contact = (app: SignedInApp, user: SignedIn) => () =>
  user.browser.request(`${app.api}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': user.csrf, origin: ORIGIN },
    body: JSON.stringify(CONTACT),
  });

export function expectUnavailable(answer: Answer, withinMs: number): void {
  expect(answer.status).toBe(503);
  expect(answer.ms).toBeLessThan(withinMs);
  expect(answer.headers.get('retry-after')).toBe('5');
  expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  expect(answer.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
  expect(answer.body.requestId).toEqual(expect.any(String));
  expect(answer.headers.get('x-request-id')).toBe(answer.body.requestId);
}

export async function expectRecovery(
  app: SignedInApp,
  user: SignedIn,
  name: string,
): Promise<void> {
  const since = Date.now();
  let answer = await timed(me(app, user));
  while (answer.status !== 200 && Date.now() - since < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = await timed(me(app, user));
  }
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ user: { name } });
}
