// What a token's place in its sentence does to its weight: contrast, questions, exclamations,
// and clauses about what did not happen.
import type { Reading } from './engine.js';
import { CONCESSIVE_WORDS, CONTRAST_WORDS, MODALS, WISHES } from './lexicon.js';
import type { ScoringStep } from './steps.js';

const EXCLAMATION_STEP = 0.15;
const QUESTION_WEIGHT = 0.5;
const BEFORE_CONTRAST = 0.3;
const AFTER_CONTRAST = 1.5;

export const isBoundary = (reading: Reading, i: number): boolean =>
  reading.types[i] === 'punctuation' || CONTRAST_WORDS.has(reading.normals[i] ?? '');

// Weights from the sentence a token sits in: what follows "but" weighs more than what precedes
// it, questions weigh less, exclamation marks more.
export function sentenceWeights(reading: Reading, steps: Set<ScoringStep>): number[] {
  const weights = new Array<number>(reading.normals.length).fill(1);
  const scale = (from: number, to: number, factor: number): void => {
    for (let i = from; i <= to; i += 1) weights[i] = (weights[i] ?? 1) * factor;
  };
  for (const [start, end] of reading.sentences) {
    let exclamations = 0;
    let question = false;
    for (let i = start; i <= end; i += 1) {
      if (reading.normals[i] === '!') exclamations += 1;
      if (reading.normals[i] === '?') question = true;
    }
    if (question && steps.has('questions')) scale(start, end, QUESTION_WEIGHT);
    if (exclamations > 0 && steps.has('emphasis')) {
      scale(start, end, 1 + EXCLAMATION_STEP * Math.min(exclamations, 3));
    }
    if (!steps.has('contrast')) continue;

    const first = reading.normals[start] ?? '';
    if (CONCESSIVE_WORDS.has(first)) {
      const comma = reading.normals.indexOf(',', start);
      if (comma > start && comma < end) {
        scale(start, comma, BEFORE_CONTRAST);
        scale(comma + 1, end, AFTER_CONTRAST);
        continue;
      }
    }
    for (let i = start + 1; i <= end; i += 1) {
      const normal = reading.normals[i] ?? '';
      // "Great tutorial, though the sound is quiet": the concession weighs less.
      if (CONCESSIVE_WORDS.has(normal) && i < end - 1 && reading.types[i + 1] !== 'punctuation') {
        scale(start, i - 1, AFTER_CONTRAST);
        scale(i + 1, end, BEFORE_CONTRAST);
        break;
      }
    }
    for (let i = start; i <= end; i += 1) {
      const normal = reading.normals[i] ?? '';
      if (!CONTRAST_WORDS.has(normal)) continue;
      // "good video though" ends on it: nothing follows to weigh more.
      if (i >= end - 1 || reading.types[i + 1] === 'punctuation') continue;
      if (normal === 'yet' && reading.pos[i] !== 'CCONJ') continue;
      scale(i === start ? 0 : start, i - 1, BEFORE_CONTRAST);
      scale(i + 1, end, AFTER_CONTRAST);
      break;
    }
  }
  return weights;
}

// Tokens spoken of as unreal: the rest of the clause after "could/should/would have" or
// "wish" (their valence turns, halved), and "if" clauses (weighed less).
export function irrealis(reading: Reading): { turned: boolean[]; conditional: boolean[] } {
  const n = reading.normals.length;
  const turned = new Array<boolean>(n).fill(false);
  const conditional = new Array<boolean>(n).fill(false);
  const mark = (marks: boolean[], from: number): void => {
    for (let i = from; i < n && reading.types[i] !== 'punctuation'; i += 1) marks[i] = true;
  };
  for (let i = 0; i < n; i += 1) {
    const normal = reading.normals[i] ?? '';
    const next = reading.normals[i + 1] ?? '';
    if (MODALS.has(normal) && next === 'have') mark(turned, i + 2);
    else if (WISHES.has(normal)) mark(turned, i + 1);
    else if (normal === 'if') mark(conditional, i + 1);
  }
  return { turned, conditional };
}
