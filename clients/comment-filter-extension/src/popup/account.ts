// Sign-in through the platform: the API's Google sign-in, coming back to the web app's
// /?source=extension, which says 'Login successful. Closing tab...' and closes its tab (spec §2).
// The session cookie the platform sets is then sent with the popup's GET /api/me, which the
// API host permission allows from the extension's pages.
import type { PublicUser } from 'contracts';
import type { BuildConfig } from '../common/build-config';

/** Where the sign-in tab ends: the web app's extension landing. */
export const SIGN_IN_RETURN_PATH = '/?source=extension';

export function signInUrl(config: BuildConfig): string {
  return `${config.apiUrl}/auth/google?state=${encodeURIComponent(SIGN_IN_RETURN_PATH)}`;
}

export type Account =
  { state: 'signed-in'; user: PublicUser } | { state: 'signed-out' } | { state: 'unavailable' };

/** Who is signed in on the platform, from GET /api/me with the platform's cookie. */
export async function fetchAccount(fetchFn: typeof fetch, config: BuildConfig): Promise<Account> {
  try {
    const response = await fetchFn(`${config.apiUrl}/api/me`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return { state: 'unavailable' };
    const body = (await response.json()) as { user?: PublicUser };
    return body.user ? { state: 'signed-in', user: body.user } : { state: 'signed-out' };
  } catch {
    return { state: 'unavailable' };
  }
}

export function describeAccount(account: Account): string {
  switch (account.state) {
    case 'signed-in':
      return `Signed in as ${account.user.name} (${account.user.email})`;
    case 'signed-out':
      return 'Not signed in.';
    case 'unavailable':
      return 'The platform cannot be reached right now.';
  }
}
