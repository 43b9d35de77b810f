import { NO_TEXT_FOUND, type ErrorCode, type ExtractResponse } from 'contracts';
import { adsClickTerms, apiFetch, reportError } from 'shared-ui';

// POST /api/extract and the error texts of spec §8 'Extraction'.
export const OFFLINE = 'Please connect to a network and try again';
export const UNREACHABLE = 'Server is unreachable. Please try again later.';
export const SOMETHING_WRONG = 'Something went wrong, please try again';

export type ExtractFailure =
  | { kind: 'message'; text: string }
  | { kind: 'size'; text: string }
  | { kind: 'limit'; feedbackOffer: boolean };

export type ExtractOutcome =
  { ok: true; text: string; found: boolean } | { ok: false; failure: ExtractFailure };

export type ExtractRequest = {
  base64: string;
  isPdf: boolean;
  page: number;
  language: string;
};

/**
 * The successful answer's text and whether any was found. `found` is preferred when the API sends
 * it; an older API sends only the text, where NO_TEXT_FOUND means nothing was found.
 */
export function readExtractResponse(answer: {
  extractedText?: unknown;
  found?: unknown;
}): ExtractResponse | null {
  if (typeof answer.extractedText !== 'string') return null;
  const found =
    typeof answer.found === 'boolean' ? answer.found : answer.extractedText !== NO_TEXT_FOUND;
  return { extractedText: answer.extractedText, found };
}

const is = (code: unknown, expected: ErrorCode): boolean => code === expected;

const post = (body: Record<string, unknown>) =>
  apiFetch('/api/extract', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export async function requestExtraction(
  request: ExtractRequest,
  feedbackSubmitted: boolean,
): Promise<ExtractOutcome> {
  if (!navigator.onLine) return { ok: false, failure: { kind: 'message', text: OFFLINE } };
  const { searchTerm, keyword } = adsClickTerms();
  const body = request.isPdf
    ? { base64Pdf: request.base64, pageToExtract: request.page }
    : { base64Image: request.base64 };
  let response: Response;
  try {
    response = await post({ ...body, language: request.language, searchTerm, keyword });
  } catch {
    // A network error: one more try with the file alone (spec §7).
    try {
      response = await post(body);
    } catch (error) {
      reportError(error, { action: 'extraction' });
      return { ok: false, failure: { kind: 'message', text: UNREACHABLE } };
    }
  }
  const answer = (await response.json().catch(() => ({}))) as {
    extractedText?: unknown;
    found?: unknown;
    code?: unknown;
    error?: unknown;
    feedbackOfferAvailable?: unknown;
  };
  const read = response.ok ? readExtractResponse(answer) : null;
  if (read) return { ok: true, text: read.extractedText, found: read.found };
  if (is(answer.code, 'DAILY_LIMIT_REACHED')) {
    const offer =
      typeof answer.feedbackOfferAvailable === 'boolean'
        ? answer.feedbackOfferAvailable
        : !feedbackSubmitted;
    return { ok: false, failure: { kind: 'limit', feedbackOffer: offer } };
  }
  const text = typeof answer.error === 'string' && answer.error ? answer.error : null;
  if (is(answer.code, 'IMAGE_SIZE_EXCEED') && text) {
    return { ok: false, failure: { kind: 'size', text } };
  }
  if (!text) {
    // An answer the page cannot read: its status and code only (never the text or the file).
    const code = typeof answer.code === 'string' ? ` ${answer.code}` : '';
    reportError(new Error(`extract answered ${String(response.status)}${code}`), {
      action: 'extraction',
    });
  }
  return { ok: false, failure: { kind: 'message', text: text ?? SOMETHING_WRONG } };
}
