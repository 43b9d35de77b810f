// Error reports (spec §7): each is tagged with the action that failed, those whose message holds
// one of the spec's ignored phrases are dropped, and none carries file contents, extracted text,
// tokens, cookies or personal data. One implementation for the shell's and the API's SDKs (their
// beforeSend and beforeBreadcrumb call these), so both send the same little.

/** The tag that names the failed action: 'login', 'navigation', 'navbar:Pricing', 'extraction'... */
export const ERROR_ACTION_TAG = 'action';

/** Spec §7: reports whose message contains one of these (any case) are not sent. */
export const IGNORED_ERROR_PHRASES = [
  'request aborted',
  'localstorage access blocked',
  'failed fetch from an ad-serving host',
  'opencamera failed: permission denied',
] as const;

export function isIgnoredErrorMessage(message: string | null | undefined): boolean {
  if (!message) return false;
  const lower = message.toLowerCase();
  return IGNORED_ERROR_PHRASES.some((phrase) => lower.includes(phrase));
}

/** The parts of an SDK's event that the scrubbing reads (Sentry's Event fits it). */
export type ReportableEvent = {
  message?: string;
  exception?: {
    values?: {
      value?: string;
      stacktrace?: { frames?: { vars?: unknown }[] };
    }[];
  };
  request?: {
    url?: string;
    query_string?: unknown;
    data?: unknown;
    cookies?: unknown;
    headers?: Record<string, string>;
    env?: unknown;
  };
  user?: { id?: string | number; email?: string; ip_address?: string | null; username?: string };
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
  breadcrumbs?: ReportableBreadcrumb[];
};

export type ReportableBreadcrumb = {
  category?: string;
  message?: string;
  data?: Record<string, unknown>;
};

/** Whether an event should be dropped: its message or an exception's holds an ignored phrase. */
export function isIgnoredEvent(event: ReportableEvent): boolean {
  if (isIgnoredErrorMessage(event.message)) return true;
  return (event.exception?.values ?? []).some((value) => isIgnoredErrorMessage(value.value));
}

/** Headers a report never carries (the rest are kept: user agent, content type...). */
const SECRET_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-csrf-token',
  'x-api-key',
]);

// Longest message kept: enough for what went wrong, too little for a page of extracted text.
const MAX_TEXT = 300;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const BEARER = /\b(bearer|basic)\s+[\w\-.~+/=]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+(?:\.[\w-]+)?/g;
// A long base64 or hex run: a file's bytes, a key or a token.
const LONG_TOKEN = /[A-Za-z0-9+/_-]{40,}={0,2}/g;

/** A text with e-mail addresses, credentials and long encoded runs replaced, and cut short. */
export function scrubText(text: string): string {
  const scrubbed = text
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [token]')
    .replace(JWT, '[token]')
    .replace(LONG_TOKEN, '[data]');
  return scrubbed.length > MAX_TEXT ? `${scrubbed.slice(0, MAX_TEXT)}…` : scrubbed;
}

/** A URL without its query and fragment (they carry tokens, codes, states and e-mails). */
export function scrubUrl(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : `${url.slice(0, end)}${url.includes('?') ? '?[query]' : ''}`;
}

/** Removes what a report must not carry; changes the event in place and returns it. */
export function scrubErrorEvent<E extends ReportableEvent>(event: E): E {
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
    for (const frame of value.stacktrace?.frames ?? []) delete frame.vars;
  }
  const request = event.request;
  if (request) {
    delete request.data;
    delete request.cookies;
    delete request.query_string;
    delete request.env;
    if (request.url) request.url = scrubUrl(request.url);
    if (request.headers) {
      request.headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => !SECRET_HEADERS.has(name.toLowerCase()))
          .map(([name, value]) => [
            name,
            name.toLowerCase() === 'referer' ? scrubUrl(value) : value,
          ]),
      );
    }
  }
  // Who it happened to is not needed to fix it: an opaque id at most.
  if (event.user) event.user = event.user.id === undefined ? {} : { id: event.user.id };
  delete event.extra;
  if (event.contexts) delete event.contexts.response;
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}

const URL_KEYS = new Set(['url', 'from', 'to']);
const KEPT_KEYS = new Set(['method', 'status_code', 'level', 'logger']);

/** A breadcrumb with its URLs cut to their path, bodies and logged arguments removed. */
export function scrubBreadcrumb<B extends ReportableBreadcrumb>(breadcrumb: B): B {
  if (breadcrumb.message) breadcrumb.message = scrubText(breadcrumb.message);
  if (breadcrumb.data) {
    // URLs cut to their path; request and response bodies, console arguments, anything else:
    // dropped.
    breadcrumb.data = Object.fromEntries(
      Object.entries(breadcrumb.data)
        .filter(([key]) => URL_KEYS.has(key) || KEPT_KEYS.has(key))
        .map(([key, value]) => [
          key,
          URL_KEYS.has(key) && typeof value === 'string' ? scrubUrl(value) : value,
        ]),
    );
  }
  return breadcrumb;
}
