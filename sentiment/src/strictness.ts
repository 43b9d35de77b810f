/** How sure the classifier must be before it calls a comment positive. */
export type Strictness = 'relaxed' | 'balanced' | 'strict';

export const STRICTNESS_LEVELS: readonly Strictness[] = ['relaxed', 'balanced', 'strict'];

/**
 * The score (-1..1) a comment needs to count as positive at each level. Relaxed takes any
 * leaning to the good side ("nice", "thanks"); balanced wants one clear positive word that
 * nothing outweighs; strict wants plain enthusiasm (several positives, or one stressed by
 * "really", capitals, "!" or emoji). The bench scores the binary decision at 'balanced'.
 */
export const POSITIVE_THRESHOLDS: Readonly<Record<Strictness, number>> = {
  relaxed: 0.1,
  balanced: 0.3,
  strict: 0.6,
};

/** Below minus this a comment is negative at every level; between the two it is neutral. */
export const NEGATIVE_THRESHOLD = 0.15;

export const DEFAULT_STRICTNESS: Strictness = 'balanced';
