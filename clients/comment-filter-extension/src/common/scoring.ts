// The content script asks the service worker for the classifier's scores: the model (3.6 MB,
// built in 0.1-0.7 s) is loaded once, in the worker, rather than in every watch page's main
// thread. One message carries one slice's texts.
import { CLIENT_SOURCE } from './client';

export const SCORE_MESSAGE = `${CLIENT_SOURCE}/score`;
/** The most texts one message carries. */
export const MAX_BATCH = 50;

export type ScoreRequest = { type: typeof SCORE_MESSAGE; texts: string[] };
export type ScoreResponse = { scores: number[] };

export function isScoreRequest(message: unknown): message is ScoreRequest {
  if (typeof message !== 'object' || message === null) return false;
  const { type, texts } = message as Partial<Record<keyof ScoreRequest, unknown>>;
  return (
    type === SCORE_MESSAGE &&
    Array.isArray(texts) &&
    texts.length <= MAX_BATCH &&
    texts.every((text) => typeof text === 'string')
  );
}

/** The worker's answer: each text's score, in order. */
export function scoreTexts(request: ScoreRequest, score: (text: string) => number): ScoreResponse {
  return { scores: request.texts.map(score) };
}
