/** The steps the classifier adds to wink's lexicon; the bench turns each off to show its gain. */
export type ScoringStep =
  | 'ownLexicon'
  | 'negation'
  | 'intensifiers'
  | 'contrast'
  | 'emphasis'
  | 'questions'
  | 'irrealis'
  | 'foreign';

export const SCORING_STEPS: readonly ScoringStep[] = [
  'ownLexicon',
  'negation',
  'intensifiers',
  'contrast',
  'emphasis',
  'questions',
  'irrealis',
  'foreign',
];

export type ScoreOptions = { without?: readonly ScoringStep[] };
