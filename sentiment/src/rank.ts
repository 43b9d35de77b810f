import { classify, type Classification, type ClassifyOptions } from './classify.js';

export type RankOptions<T> = ClassifyOptions & {
  /** The comment's text, for comments that are objects (the demo's thread, the page's nodes). */
  textOf?: (comment: T) => string;
};

export type ClassifiedComment<T> = { comment: T; index: number; result: Classification };

/** Classifies every comment, keeping the input order and each comment's index in it. */
export function classifyAll<T>(
  comments: readonly T[],
  options: RankOptions<T> = {},
): ClassifiedComment<T>[] {
  const textOf = options.textOf ?? ((comment: T) => String(comment));
  return comments.map((comment, index) => ({
    comment,
    index,
    result: classify(textOf(comment), options),
  }));
}

/**
 * The comments with the positive ones first. The order is stable: positives keep their order
 * among themselves, and so does the rest, so a reader finds the thread as it was, only split.
 */
export function rankPositiveFirst<T>(comments: readonly T[], options: RankOptions<T> = {}): T[] {
  const classified = classifyAll(comments, options);
  return [
    ...classified.filter((item) => item.result.positive),
    ...classified.filter((item) => !item.result.positive),
  ].map((item) => item.comment);
}
