// 'Original language' means any script: OSD names the script and these are the Tesseract models
// read for it. Latin text is read with the most used Latin-script languages so accents survive.
const MODELS_BY_SCRIPT: Record<string, string> = {
  Latin: 'eng+fra+deu+spa+por+ita',
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
