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
};

export const toIso6391 = (code: string): string | undefined =>
  code.length === 2 ? code : TO_639_1[code];

export type ApertiumPairs = Map<string, string>; // 'en>es' → the mode 'eng-spa'

export const pairKey = (from: string, to: string): string => `${from}>${to}`;

/** The translation directions installed here (`apertium -l`); none when Apertium is absent. */
export async function apertiumPairs(): Promise<ApertiumPairs> {
  const pairs: ApertiumPairs = new Map();
  try {
    const { code, stdout } = await runProcess('apertium', ['-l'], { timeoutMs: 10_000 });
    if (code !== 0) return pairs;
    for (const mode of stdout.toString().split(/\s+/)) {
      const match = /^([a-z]{2,3})-([a-z]{2,3})$/.exec(mode);
      const from = match?.[1] && toIso6391(match[1]);
      const to = match?.[2] && toIso6391(match[2]);
      if (from && to && !pairs.has(pairKey(from, to))) pairs.set(pairKey(from, to), mode);
    }
  } catch {
    // not installed
  }
  return pairs;
}

/**
 * Translates plain text with one Apertium mode, line breaks kept, unknown-word marks dropped.
 * The text goes through files: Apertium's script opens /dev/stdin and /dev/stdout, which fails
 * on the sockets Node gives a child for its standard streams.
 */
export async function apertiumTranslate(
  text: string,
  mode: string,
  timeoutMs: number,
  parentDir = os.tmpdir(),
): Promise<string> {
  const dir = await mkdtemp(path.join(parentDir, 'translate-'));
  try {
    const input = path.join(dir, 'in.txt');
    const output = path.join(dir, 'out.txt');
    await writeFile(input, text, { encoding: 'utf8', mode: 0o600 });
    const { code, stderr } = await runProcess('apertium', ['-u', mode, input, output], {
      timeoutMs,
    });
    const translated = code === 0 ? await readFile(output, 'utf8').catch(() => '') : '';
    if (!translated) throw new Error(`apertium ${mode} failed: ${stderr.slice(0, 200)}`);
    return translated;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
