// The comment filter's classifier: the landing's live demo and the browser extension import it.
// Browser-safe: no Node APIs; wink's English model is built on the first classification.
export {
  classify,
  labelFor,
  scoreComment,
  MAX_TEXT_LENGTH,
  SCORING_STEPS,
  type Classification,
  type ClassifyOptions,
  type ScoreOptions,
  type ScoringStep,
  type SentimentLabel,
} from './classify.js';
export {
  classifyAll,
  rankPositiveFirst,
  type ClassifiedComment,
  type RankOptions,
} from './rank.js';
export {
  DEFAULT_STRICTNESS,
  NEGATIVE_THRESHOLD,
  POSITIVE_THRESHOLDS,
  STRICTNESS_LEVELS,
  type Strictness,
} from './strictness.js';
export {
  SENTIMENT_ATTRIBUTION,
  SENTIMENT_ATTRIBUTIONS,
  type AttributionEntry,
} from './attribution.js';
