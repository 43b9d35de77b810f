import type { ErrorCode } from 'contracts';

// Where the API lives, and how every call reaches it: with credentials (spec §7), and for
// state-changing calls with the session's CSRF token from GET /api/session-init.
let baseUrl = 'http://localhost:4000';
let csrfToken: Promise<string> | null = null;

export function configureApi(options: { baseUrl: string }): void {
  baseUrl = options.baseUrl.replace(/\/+$/, '');
  csrfToken = null;
}

export function apiUrl(path: string): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Makes sure the API holds a session for this browser and returns its CSRF token. */
export function initSession(force = false): Promise<string> {
  if (csrfToken && !force) return csrfToken;
  const pending = fetch(apiUrl('/api/session-init'), { credentials: 'include' }).then(
    async (response) => {
      if (!response.ok) throw new Error(`session-init answered ${String(response.status)}`);
      const body = (await response.json()) as { csrfToken?: unknown };
      if (typeof body.csrfToken !== 'string') throw new Error('session-init gave no CSRF token');
      return body.csrfToken;
    },
  );
  pending.catch(() => {
    if (csrfToken === pending) csrfToken = null;
  });
  csrfToken = pending;
  return pending;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

async function isCsrfRejection(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: unknown };
  const csrfInvalid: ErrorCode = 'CSRF_TOKEN_INVALID';
  return body.code === csrfInvalid;
}

export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  if (SAFE.has(method)) return fetch(apiUrl(path), { credentials: 'include', ...init });
  const send = async (token: string) => {
    const headers = new Headers(init.headers);
    headers.set('X-CSRF-Token', token);
    return fetch(apiUrl(path), { credentials: 'include', ...init, headers });
  };
  const response = await send(await initSession());
  // The session changed since the token was fetched (sign-in, expiry): fetch a new one once.
  if (await isCsrfRejection(response)) return send(await initSession(true));
  return response;
}
