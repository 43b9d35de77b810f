import { francAll } from 'franc-min';

// 'Original language' means any script: OSD names the script and these are the Tesseract models
// read for it. Latin script is read with English first (fastest, and best on the evaluation set);
// when that text is in another Latin-script language, the page is read again with its model so
// its accents survive (see latinLanguageModel).
const MODELS_BY_SCRIPT: Record<string, string> = {
  Latin: 'eng',
  Cyrillic: 'rus+ukr',
  Greek: 'ell',
  Arabic: 'ara',
  Hebrew: 'heb',
  Devanagari: 'hin',
  Bengali: 'ben',
  Thai: 'tha',
  Han: 'chi_sim+chi_tra',
  HanS: 'chi_sim',
  HanT: 'chi_tra',
  Japanese: 'jpn',
  Katakana: 'jpn',
  Hiragana: 'jpn',
  Hangul: 'kor',
  Korean: 'kor',
};

export const DEFAULT_MODELS = MODELS_BY_SCRIPT.Latin ?? 'eng';

export function modelsForScript(script: string | null, installed: ReadonlySet<string>): string {
  const wanted = (script && MODELS_BY_SCRIPT[script]) || DEFAULT_MODELS;
  const available = wanted.split('+').filter((model) => installed.has(model));
  return available.length > 0 ? available.join('+') : 'eng';
}

/** Latin-script languages with their own model (franc's ISO 639-3 codes are Tesseract's names). */
const LATIN_MODELS = new Set([
  'fra',
  'deu',
  'spa',
  'por',
  'ita',
  'nld',
  'swe',
  'pol',
  'ces',
  'tur',
  'vie',
  'ind',
]);
const MIN_LETTERS_FOR_DETECTION = 40;
// franc scores the best language 1 and the others relative to it. English text read as English
// keeps English close to the top even when another language wins by a hair (receipts: 0.98 and
// more, and their item names then read worse with the other model); French text puts English
// near 0.7.
const MAX_ENGLISH_SCORE = 0.9;

/**
 * The model to read a page again with, when English-read text is clearly another language that
 * has a model here; null when English is right or the text is too short to tell.
 */
export function latinLanguageModel(text: string, installed: ReadonlySet<string>): string | null {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS_FOR_DETECTION) return null;
  const scores = francAll(text, { minLength: MIN_LETTERS_FOR_DETECTION });
  const language = scores[0]?.[0] ?? 'und';
  const english = scores.find(([code]) => code === 'eng')?.[1] ?? 0;
  if (english >= MAX_ENGLISH_SCORE) return null;
  return LATIN_MODELS.has(language) && installed.has(language) ? language : null;
}

/** Chinese (both), Japanese and Korean together, as installed; 'eng' when none is. */
export function cjkModels(installed: ReadonlySet<string>): string {
  const models = ['chi_tra', 'chi_sim', 'jpn', 'kor'].filter((m) => installed.has(m));
  return models.length > 0 ? models.join('+') : 'eng';
}
