import { apiFetch, apiUrl } from './api-client';

/**
 * Starts sign-in (spec §4 'Sign-in'): call session-init, then send the browser to the API's sign-in
 * route with `state` holding where to come back to. Rejects when the API cannot start a sign-in.
 */
export async function startLogin(returnTo: string): Promise<void> {
  const response = await apiFetch('/api/session-init');
  if (!response.ok) throw new Error(`session-init answered ${response.status}`);
  window.location.assign(apiUrl(`/auth/google?state=${encodeURIComponent(returnTo)}`));
}
