import type {
  ErrorCode,
  TablesDownloadFormat,
  TablesExportRequest,
  TablesExtractRequest,
  TablesJobAccepted,
  TablesJobView,
} from 'contracts';
import { apiFetch } from 'shared-ui';

// The table reader's routes (contracts/src/tables.ts) and how each of their errors is shown.
export const OFFLINE = 'Please connect to a network and try again';
export const UNREACHABLE = 'Server is unreachable. Please try again later.';
export const SOMETHING_WRONG = 'Something went wrong, please try again';

/**
 * What the person is told: the API's own sentence, and what they can do about it — sign in
 * again, buy credits, or wait the seconds the API asked for.
 */
export type ConverterFailure =
  | { kind: 'message'; text: string; network?: true }
  | { kind: 'signIn'; text: string }
  | { kind: 'credits'; text: string }
  | { kind: 'size'; text: string }
  | { kind: 'retry'; text: string; retryAfterSeconds: number | null };

type Answer<T> = { ok: true; status: number; body: T } | { ok: false; failure: ConverterFailure };

const is = (code: unknown, expected: ErrorCode): boolean => code === expected;

function retryAfter(response: Response): number | null {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : null;
}

/** An error answer ({ code, error }) as the failure shown. */
export async function failureOf(response: Response): Promise<ConverterFailure> {
  const body = (await response.json().catch(() => ({}))) as { code?: unknown; error?: unknown };
  const text = typeof body.error === 'string' && body.error ? body.error : SOMETHING_WRONG;
  if (response.status === 401 || is(body.code, 'SIGN_IN_REQUIRED')) {
    return { kind: 'signIn', text };
  }
  if (response.status === 402 || is(body.code, 'NOT_ENOUGH_CREDITS')) {
    return { kind: 'credits', text };
  }
  if (response.status === 413) return { kind: 'size', text };
  if (response.status === 429 || response.status === 503) {
    return { kind: 'retry', text, retryAfterSeconds: retryAfter(response) };
  }
  return { kind: 'message', text };
}

/** Sends the request; a network failure or being offline is a failure too, never a throw. */
async function call(path: string, init: RequestInit = {}): Promise<Answer<Response>> {
  if (!navigator.onLine) {
    return { ok: false, failure: { kind: 'message', text: OFFLINE, network: true } };
  }
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch {
    return { ok: false, failure: { kind: 'message', text: UNREACHABLE, network: true } };
  }
  if (!response.ok) return { ok: false, failure: await failureOf(response) };
  return { ok: true, status: response.status, body: response };
}

async function json<T>(path: string, init?: RequestInit): Promise<Answer<T>> {
  const answer = await call(path, init);
  if (!answer.ok) return answer;
  try {
    return { ok: true, status: answer.status, body: (await answer.body.json()) as T };
  } catch {
    return { ok: false, failure: { kind: 'message', text: SOMETHING_WRONG } };
  }
}

/** A failure that may pass by itself: no network, or the API asking to wait (429, 503). */
export const isTransient = (failure: ConverterFailure): boolean =>
  failure.kind === 'retry' || (failure.kind === 'message' && failure.network === true);

const postJson = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** POST /extract: the finished job (short files) or `{ jobId }` to poll (202, long files). */
export async function startExtraction(
  request: TablesExtractRequest,
): Promise<
  | { ok: true; job: TablesJobView }
  | { ok: true; accepted: TablesJobAccepted }
  | { ok: false; failure: ConverterFailure }
> {
  const answer = await json<TablesJobView | TablesJobAccepted>(
    '/api/sheets-extension/extract',
    postJson(request),
  );
  if (!answer.ok) return answer;
  if (answer.status === 202) return { ok: true, accepted: answer.body };
  return { ok: true, job: answer.body as TablesJobView };
}

const jobPath = (id: string) => `/api/sheets-extension/jobs/${encodeURIComponent(id)}`;

export const getJob = (id: string) => json<TablesJobView>(jobPath(id));

export const cancelJob = (id: string) => json<TablesJobView>(jobPath(id), { method: 'DELETE' });

/** The file name of a Content-Disposition header: its UTF-8 form first, else the plain one. */
export function attachmentName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain?.[1] ?? null;
}

/** POST /export: the (edited) tables as a CSV or XLSX file, named by the API. */
export async function exportTables(
  request: TablesExportRequest,
): Promise<{ ok: true; blob: Blob; name: string } | { ok: false; failure: ConverterFailure }> {
  const answer = await call('/api/sheets-extension/export', postJson(request));
  if (!answer.ok) return answer;
  const fallback: Record<TablesDownloadFormat, string> = {
    csv: 'tables.csv',
    xlsx: 'tables.xlsx',
  };
  const name =
    attachmentName(answer.body.headers.get('Content-Disposition')) ?? fallback[request.format];
  return { ok: true, blob: await answer.body.blob(), name };
}
