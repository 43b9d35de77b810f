import { track } from '../analytics/analytics';
import { reportError } from '../errors/report-error';
import { apiFetch, apiUrl, initSession } from './api-client';
import { browserNavigation } from './navigation';

/**
 * Sign-in from anywhere but pricing (spec §4): session-init, then the API's sign-in route with
 * `state` holding where to come back to (path and query).
 */
export async function startLogin(returnTo: string): Promise<void> {
  track('login_clicked');
  await initSession(true);
  browserNavigation.assign(apiUrl(`/auth/google?state=${encodeURIComponent(returnTo)}`));
}

/** Sign-in from pricing: the return path goes through POST /api/set-redirect first. */
export async function startPricingLogin(pricingPath: string): Promise<void> {
  track('login_clicked', { from: 'pricing' });
  await initSession(true);
  const response = await apiFetch('/api/set-redirect', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: pricingPath }),
  });
  if (!response.ok) throw new Error(`set-redirect answered ${String(response.status)}`);
  // The body ends only once the session is saved: reading it first keeps the sign-in route
  // from seeing the session without the return path.
  await response.json();
  browserNavigation.assign(apiUrl('/auth/google'));
}

/** Navigation to /auth/logout ends the session on the server and comes back home. */
export function logout(): void {
  browserNavigation.assign(apiUrl('/auth/logout'));
}

const PRICING_PATHS = new Set(['/pricing', '/sheets-extension-pricing']);

/**
 * What a Login button does on any page: sign in and come back here (pricing pages through
 * set-redirect, the others through `state`, spec §7). Failures are only logged and reported,
 * under the action 'login' (spec §8: no toast).
 */
export function loginFromHere(location: { pathname: string; search: string }): void {
  const returnTo = `${location.pathname}${location.search}`;
  const begin = PRICING_PATHS.has(location.pathname) ? startPricingLogin : startLogin;
  begin(returnTo).catch((error: unknown) => reportError(error, { action: 'login' }));
}
