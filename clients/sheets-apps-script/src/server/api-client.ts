// Calls to the API as the person using the add-on: their Google ID token (ScriptApp's, for the
// script's OAuth client, with the openid and userinfo.email scopes) as a bearer token, which the
// API verifies and maps to the same account as web sign-in. HTTP errors come back as answers
// (muteHttpExceptions) so the API's `{ code, error }` can be shown; only a network failure throws.
import type { ErrorBody } from 'contracts';
import type { AddonError } from '../shared/sidebar-api.js';
import { readConfig } from './config.js';
import { apiError, networkError, noIdentityError } from './errors.js';

export type ApiAnswer<T> = { ok: true; status: number; body: T } | { ok: false; error: AddonError };

type Method = 'get' | 'post' | 'delete';

export function callApi<T>(
  method: Method,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): ApiAnswer<T> {
  const token = ScriptApp.getIdentityToken();
  if (!token) return { ok: false, error: noIdentityError() };
  const options: GoogleAppsScript.URL_Fetch.URLFetchRequestOptions = {
    method,
    headers: { ...headers, Authorization: `Bearer ${token}`, Accept: 'application/json' },
    muteHttpExceptions: true,
    followRedirects: false,
  };
  if (body !== undefined) {
    options.contentType = 'application/json';
    options.payload = JSON.stringify(body);
  }
  let response: GoogleAppsScript.URL_Fetch.HTTPResponse;
  try {
    response = UrlFetchApp.fetch(`${readConfig().apiBaseUrl}${path}`, options);
  } catch (error) {
    // DNS, TLS, a refused connection or UrlFetchApp's own time limit.
    return { ok: false, error: networkError(error) };
  }
  const status = response.getResponseCode();
  const parsed = parseJson(response.getContentText());
  if (status >= 200 && status < 300 && parsed !== undefined) {
    return { ok: true, status, body: parsed as T };
  }
  return { ok: false, error: apiError(status, parsed as Partial<ErrorBody> | undefined) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
