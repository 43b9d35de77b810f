import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../../common/process/run-process.js';

// Local machine translation with Apertium (Debian packages apertium-*). Its modes are named by
// ISO 639-2/3 or 639-1 codes ('eng-spa', 'es-pt'); the dropdown uses 639-1.
const TO_639_1: Record<string, string> = {
  eng: 'en',
  spa: 'es',
  cat: 'ca',
  por: 'pt',
  fra: 'fr',
  rus: 'ru',
  ukr: 'uk',
  glg: 'gl',
  ita: 'it',
  deu: 'de',
  nld: 'nl',
  afr: 'af',
  ron: 'ro',
  eus: 'eu',
  oci: 'oc',
  swe: 'sv',
  dan: 'da',
  nob: 'nb',
  nno: 'nn',
  isl: 'is',
  mkd: 'mk',
  bul: 'bg',
  bel: 'be',
  urd: 'ur',
  hin: 'hi',
  epo: 'eo',
  ind: 'id',
  arg: 'an',
  ast: 'ast',
  srd: 'sc',
  slv: 'sl',
  pol: 'pl',
  zlm: 'ms',
  szl: 'szl',
};

// Variants named after the pair's own code: Apertium's Serbo-Croatian pairs write Bosnian,
// Croatian or Serbian (Latin script) by mode ('eng-hbs_HR'); their plain mode ('eng-hbs', code
// 'sh', not in the dropdown) can only be a pivot. Other variants ('spa-cat_valencia', 'es-pt_BR')
// are left out, their language being served by the pair's plain mode.
const VARIANTS: Record<string, string> = { hbs: 'sh', hbs_BS: 'bs', hbs_HR: 'hr', hbs_SR: 'sr' };

export const toIso6391 = (code: string): string | undefined =>
  code.length === 2 ? code : (TO_639_1[code] ?? VARIANTS[code]);

export type ApertiumPairs = Map<string, string>; // 'en>es' → the mode 'eng-spa'

export const pairKey = (from: string, to: string): string => `${from}>${to}`;

/** The translation directions installed here (`apertium -l`); none when Apertium is absent. */
export async function apertiumPairs(): Promise<ApertiumPairs> {
  const pairs: ApertiumPairs = new Map();
  try {
    const { code, stdout } = await runProcess('apertium', ['-l'], { timeoutMs: 10_000 });
    if (code !== 0) return pairs;
    for (const mode of stdout.toString().split(/\s+/)) {
      const match = /^([a-z]{2,3})-([a-z]{2,3}(?:_[A-Z]{2})?)$/.exec(mode);
      const from = match?.[1] && toIso6391(match[1]);
      const to = match?.[2] && toIso6391(match[2]);
      if (from && to && from !== to && !pairs.has(pairKey(from, to))) {
        pairs.set(pairKey(from, to), mode);
      }
    }
  } catch {
    // not installed
  }
  return pairs;
}

/**
 * One way from a language into another: one Apertium mode, or two chained through a pivot
 * language where no pair goes straight there (English → Catalan → French).
 */
export type ApertiumRoute = { from: string; to: string; modes: string[]; via?: string };

/**
 * Every route the installed pairs allow: each direct pair, and, for each pair of languages with
 * no direct pair, every two-pair chain through a pivot. Which chains are worth offering is a
 * measurement (translation-coverage.ts), not this function's business.
 */
export function candidateRoutes(pairs: ApertiumPairs): ApertiumRoute[] {
  const direct: ApertiumRoute[] = [];
  const byFrom = new Map<string, { to: string; mode: string }[]>();
  for (const [key, mode] of pairs) {
    const [from = '', to = ''] = key.split('>');
    direct.push({ from, to, modes: [mode] });
    byFrom.set(from, [...(byFrom.get(from) ?? []), { to, mode }]);
  }
  const pivoted: ApertiumRoute[] = [];
  for (const first of direct) {
    const via = first.to;
    for (const second of byFrom.get(via) ?? []) {
      if (second.to === first.from || pairs.has(pairKey(first.from, second.to))) continue;
      pivoted.push({ from: first.from, to: second.to, via, modes: [...first.modes, second.mode] });
    }
  }
  return [...direct, ...pivoted];
}

/**
 * Translates plain text with one Apertium mode, line breaks kept. `markUnknown` keeps Apertium's
 * marks on words it could not translate (`*` unknown to the source dictionary, `@` missing from
 * the bilingual one, `#` not inflected): what the translation benchmark counts. Users never see
 * them: everything else runs with `-u`.
 * The text goes through files: Apertium's script opens /dev/stdin and /dev/stdout, which fails
 * on the sockets Node gives a child for its standard streams.
 */
export async function apertiumTranslate(
  text: string,
  mode: string,
  timeoutMs: number,
  parentDir = os.tmpdir(),
  markUnknown = false,
): Promise<string> {
  const dir = await mkdtemp(path.join(parentDir, 'translate-'));
  try {
    const input = path.join(dir, 'in.txt');
    const output = path.join(dir, 'out.txt');
    await writeFile(input, text, { encoding: 'utf8', mode: 0o600 });
    const args = [...(markUnknown ? [] : ['-u']), mode, input, output];
    const { code, stderr } = await runProcess('apertium', args, { timeoutMs });
    const translated = code === 0 ? await readFile(output, 'utf8').catch(() => '') : '';
    if (!translated) throw new Error(`apertium ${mode} failed: ${stderr.slice(0, 200)}`);
    return translated;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Text along a route, leg after leg, without unknown-word marks. */
export async function translateAlong(
  text: string,
  route: Pick<ApertiumRoute, 'modes'>,
  timeoutMs: number,
  parentDir?: string,
): Promise<string> {
  let current = text;
  for (const mode of route.modes) {
    current = await apertiumTranslate(current, mode, timeoutMs, parentDir);
  }
  return current;
}
