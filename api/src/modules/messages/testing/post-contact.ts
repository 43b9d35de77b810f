import type { SignedIn, SignedInApp } from '../../../testing/signed-in-app.js';

/** A contact message from a browser session, optionally through a proxy's X-Forwarded-For. */
export const CONTACT = {
  name: 'Ravi',
  email: 'ravi@example.com',
  message: 'Hello there',
  extraInfo: '',
};

export type Poster = { browser: SignedIn['browser']; csrf: string };

export const postFrom = async (app: SignedInApp, who: Poster, forwardedFor?: string) => {
  const response = await who.browser.request(`${app.api}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-csrf-token': who.csrf,
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify(CONTACT),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
};

export const statuses = async (n: number, send: () => Promise<{ status: number }>) => {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push((await send()).status);
  return seen;
};
