import ISO6391 from 'iso-639-1';

// The language dropdown (spec §2): 'Original language', then about 230 languages. The base is
// every ISO 639-1 language (iso-639-1); these are the further languages translation services
// commonly offer, named by the platform's Intl.DisplayNames.
const MORE_LANGUAGES = [
  'ace',
  'ast',
  'awa',
  'ban',
  'bho',
  'bik',
  'brx',
  'ceb',
  'chm',
  'chr',
  'ckb',
  'crh',
  'doi',
  'dsb',
  'fil',
  'fur',
  'gom',
  'haw',
  'hil',
  'hmn',
  'hne',
  'hsb',
  'ilo',
  'kha',
  'kri',
  'lij',
  'lmo',
  'lus',
  'mad',
  'mag',
  'mai',
  'min',
  'mni',
  'nap',
  'nso',
  'pam',
  'sah',
  'sat',
  'scn',
  'shn',
  'szl',
  'tet',
  'tum',
  'tyv',
  'udm',
  'vec',
  'yue',
  'zh-TW',
];

export type Language = { code: string; name: string };

export const ORIGINAL_LANGUAGE: Language = { code: '', name: 'Original language' };

function buildLanguages(): Language[] {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const base = ISO6391.getAllCodes().map((code) => ({ code, name: ISO6391.getName(code) }));
  const more = MORE_LANGUAGES.flatMap((code) => {
    const name = names.of(code);
    return name ? [{ code, name: code === 'zh-TW' ? 'Chinese (Traditional)' : name }] : [];
  });
  const seen = new Set<string>();
  return [...base, ...more]
    .filter((l) => l.name && !seen.has(l.code) && seen.add(l.code))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export const LANGUAGES: readonly Language[] = buildLanguages();
const BY_CODE = new Map(LANGUAGES.map((l) => [l.code, l]));

export function findLanguage(code: string): Language | undefined {
  return BY_CODE.get(code);
}
