import { irrealis, isBoundary, sentenceWeights } from './clauses.js';
import { readText, type Reading } from './engine.js';
import {
  ENGLISH_SLANG,
  INTENSIFIERS,
  NEGATION_RAISERS,
  NEGATORS,
  OWN_PHRASES,
  OWN_VALENCE,
  POSITIVE_NEGATED_HEADS,
  WISHES,
} from './lexicon.js';
import {
  DEFAULT_STRICTNESS,
  NEGATIVE_THRESHOLD,
  POSITIVE_THRESHOLDS,
  type Strictness,
} from './strictness.js';
import { SCORING_STEPS, type ScoreOptions, type ScoringStep } from './steps.js';

export { SCORING_STEPS, type ScoreOptions, type ScoringStep } from './steps.js';

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export type Classification = {
  /** -1 (plainly negative) .. 1 (plainly positive); 0 when nothing in the text carries sentiment. */
  score: number;
  label: SentimentLabel;
  /** Whether the comment is highlighted at this strictness (label === 'positive'). */
  positive: boolean;
};

export type ClassifyOptions = { strictness?: Strictness };

/** Longer input is cut here: a comment box holds 10,000 characters, the start says enough. */
export const MAX_TEXT_LENGTH = 2000;

const NEGATED_POSITIVE = -0.75; // "not great": weaker than "bad"
const NEGATED_NEGATIVE = -0.7; // "not bad": mildly positive
const CAPS_BOOST = 1.3;
const ELONGATION_BOOST = 1.2;
const TOO_MUCH = -0.4; // "too long", "too many ads"
const IRREALIS = -0.5; // "could have been better": a mild complaint
const CONDITIONAL_WEIGHT = 0; // "if you want a good tutorial, ...": not said of this one
const SQUASH = 0.5; // score = total / sqrt(total² + SQUASH)

type Prepared = { text: string; stressed: Set<string>; elongated: Set<string> };

// Lower-cases the text for the model (which knows "Video" and "video" as different words) and
// remembers which words were stressed by capitals or stretched letters ("sooo goood").
function prepare(raw: string): Prepared {
  const text = raw.length > MAX_TEXT_LENGTH ? raw.slice(0, MAX_TEXT_LENGTH) : raw;
  const stressed = new Set<string>();
  // A comment written all in capitals is shouting throughout: no single word stands out.
  if (/\p{Ll}{2,}/u.test(text)) {
    for (const word of text.match(/\b[A-Z][A-Z']+\b/g) ?? []) stressed.add(word.toLowerCase());
  }
  const elongated = new Set<string>();
  const lower = text.toLowerCase().replace(/\p{L}*(\p{L})\1{2,}\p{L}*/gu, (word) => {
    const short = word.replace(/(\p{L})\1{2,}/gu, '$1$1');
    elongated.add(short);
    return short;
  });
  return { text: lower, stressed, elongated };
}

function isForeign(raw: string, reading: Reading): boolean {
  const letters = raw.match(/\p{L}/gu)?.length ?? 0;
  const latin = raw.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (letters > 0 && latin < letters / 2) return true;
  let words = 0;
  let unknown = 0;
  reading.types.forEach((type, i) => {
    if (type !== 'word') return;
    words += 1;
    const normal = reading.normals[i] ?? '';
    if (!reading.known[i] && !OWN_VALENCE.has(normal) && !ENGLISH_SLANG.has(normal)) unknown += 1;
  });
  return words >= 3 && unknown / words >= 0.4;
}

type Valences = {
  values: number[];
  /** Where the lexicon entry ending at each token starts ("don't like" is one entry). */
  startOf: number[];
  /** Tokens an idiom consumed: its "no" ("no cap") negates nothing. */
  idiom: boolean[];
};

// Each token's valence: wink's lexicon matches, replaced by this package's own words and
// two-word idioms where it has them.
function valences(reading: Reading, own: boolean): Valences {
  const n = reading.normals.length;
  const values = new Array<number>(n).fill(0);
  const startOf = Array.from({ length: n }, (_, i) => i);
  const owner = new Array<number>(n).fill(-1);
  reading.matches.forEach((match, m) => {
    values[match.end] = match.value;
    startOf[match.end] = match.start;
    for (let i = match.start; i <= match.end; i += 1) owner[i] = m;
  });
  const clearMatch = (i: number): void => {
    const m = owner[i] ?? -1;
    const match = reading.matches[m];
    if (match) values[match.end] = 0;
  };
  const idiom = new Array<boolean>(n).fill(false);
  for (let i = 0; own && i < n; i += 1) {
    const normal = reading.normals[i] ?? '';
    const pair = OWN_PHRASES.get(`${normal} ${reading.normals[i + 1] ?? ''}`);
    if (pair !== undefined) {
      clearMatch(i);
      clearMatch(i + 1);
      values[i] = 0;
      values[i + 1] = pair;
      idiom[i] = true;
      idiom[i + 1] = true;
      i += 1;
      continue;
    }
    const own = OWN_VALENCE.get(normal);
    if (own !== undefined) {
      clearMatch(i);
      values[i] = own;
      startOf[i] = i;
    }
  }
  return { values, startOf, idiom };
}

// "too long", "way too many ads": "too" before a word of no valence of its own is a complaint.
function tooMuch(reading: Reading, valence: Valences): void {
  reading.normals.forEach((normal, i) => {
    const pos = reading.pos[i + 1] ?? '';
    if (normal !== 'too' || (valence.values[i + 1] ?? 0) !== 0) return;
    if (['ADJ', 'ADV', 'DET'].includes(pos)) valence.values[i + 1] = TOO_MUCH;
  });
}

// The factor intensifiers and dampeners put on token i, negative when it is negated.
function modifiers(
  reading: Reading,
  valence: Valences,
  i: number,
  steps: Set<ScoringStep>,
): number {
  let factor = 1;
  // Without this package's rule, wink's own negation scope (which runs to the clause's end).
  let negated = !steps.has('negation') && reading.negated[i] === true;
  // Negations negate words, not emoji; and look back from where the entry starts: "don't like"
  // is already negative.
  const word = reading.types[i] === 'word';
  const from = valence.startOf[i] ?? i;
  for (let j = from - 1; j >= Math.max(0, from - 3); j -= 1) {
    if (isBoundary(reading, j)) break;
    const normal = reading.normals[j] ?? '';
    // "nothing beats a good tutorial": a negation turns the word next to it, not the next but one.
    if ((valence.values[j] ?? 0) !== 0 && !INTENSIFIERS.has(normal)) break;
    if (steps.has('negation') && word && !valence.idiom[j] && NEGATORS.has(normal)) negated = true;
    if (steps.has('intensifiers') && j >= from - 2 && factor === 1) {
      const kindOf = normal === 'of' && ['kind', 'sort'].includes(reading.normals[j - 1] ?? '');
      factor = kindOf ? 0.6 : (INTENSIFIERS.get(normal) ?? 1);
    }
  }
  if (steps.has('negation') && word && !negated) {
    // "learned nothing", "delivered nothing"
    if (reading.normals[i + 1] === 'nothing') negated = true;
    // "I don't think this is a good idea"
    for (let j = from - 1; j >= Math.max(1, from - 8) && !negated; j -= 1) {
      if (reading.types[j] === 'punctuation') break;
      const raiser = NEGATION_RAISERS.has(reading.normals[j] ?? '');
      if (raiser && NEGATORS.has(reading.normals[j - 1] ?? '')) negated = true;
    }
  }
  return negated ? -factor : factor;
}

/** The comment's sentiment score, -1..1, before any threshold. */
export function scoreComment(text: string, options: ScoreOptions = {}): number {
  if (text.trim() === '') return 0;
  const steps = new Set(SCORING_STEPS.filter((step) => !options.without?.includes(step)));
  const prepared = prepare(text);
  const reading = readText(prepared.text);
  if (steps.has('foreign') && isForeign(prepared.text, reading)) return 0;
  const valence = valences(reading, steps.has('ownLexicon'));
  if (steps.has('intensifiers')) tooMuch(reading, valence);
  const { values } = valence;
  const weights = sentenceWeights(reading, steps);
  const unreal = steps.has('irrealis') ? irrealis(reading) : undefined;
  let total = 0;
  for (let i = 0; i < values.length; i += 1) {
    const normal = reading.normals[i] ?? '';
    let value = values[i] ?? 0;
    // "super lame": an intensifier the model scores on its own lends its stress, not its mood.
    if (steps.has('intensifiers') && INTENSIFIERS.has(normal) && value !== 0) {
      if ((values[i + 1] ?? 0) !== 0 || (values[i + 2] ?? 0) !== 0) value = 0;
    }
    const modifier = modifiers(reading, valence, i, steps);
    const ownNegation = steps.has('negation');
    if (value === 0) {
      // "can't wait", "can't stop watching": negated, these words are praise.
      if (ownNegation && modifier < 0 && POSITIVE_NEGATED_HEADS.has(normal)) {
        total += 0.5 * (weights[i] ?? 1);
      }
      continue;
    }
    if (modifier < 0 && !ownNegation) value *= modifier;
    else if (modifier < 0) {
      if (POSITIVE_NEGATED_HEADS.has(normal) && value > 0) value = value * -modifier;
      else value = value * -modifier * (value > 0 ? NEGATED_POSITIVE : NEGATED_NEGATIVE);
    } else value *= modifier;
    if (unreal && WISHES.has(normal)) value = 0;
    if (unreal?.turned[i] === true) value *= IRREALIS;
    if (unreal?.conditional[i] === true) value *= CONDITIONAL_WEIGHT;
    if (steps.has('emphasis')) {
      const previous = reading.normals[i - 1] ?? '';
      if (prepared.stressed.has(normal) || prepared.stressed.has(previous)) value *= CAPS_BOOST;
      if (prepared.elongated.has(normal) || prepared.elongated.has(previous)) {
        value *= ELONGATION_BOOST;
      }
    }
    total += value * (weights[i] ?? 1);
  }
  return total / Math.sqrt(total * total + SQUASH);
}

export function labelFor(
  score: number,
  strictness: Strictness = DEFAULT_STRICTNESS,
): SentimentLabel {
  if (score >= POSITIVE_THRESHOLDS[strictness]) return 'positive';
  if (score <= -NEGATIVE_THRESHOLD) return 'negative';
  return 'neutral';
}

/** Classifies one comment. The English model is loaded on the first call. */
export function classify(text: string, options: ClassifyOptions = {}): Classification {
  const score = scoreComment(text);
  const label = labelFor(score, options.strictness ?? DEFAULT_STRICTNESS);
  return { score, label, positive: label === 'positive' };
}
