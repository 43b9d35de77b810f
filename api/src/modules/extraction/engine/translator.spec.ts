import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { franc } from 'franc-min';
import { FIXTURES } from '../../../testing/fixtures.js';
import {
  apertiumPairs,
  apertiumTranslate,
  candidateRoutes,
  type ApertiumRoute,
} from './apertium.js';
import { ExtractionError } from './errors.js';
import { findLanguage, type Language } from './languages.js';
import { MEASURED_ROUTES } from './translation-coverage.js';
import { offeredRoutes, passes } from './translation-routes.js';
import { ApertiumTranslator } from './translator.js';

// Local translation with the real Apertium and the pairs scripts/debian-packages.txt installs, on
// the fixed English sample of `npm run bench:translate`.
jest.setTimeout(60_000);

const SAMPLE = readFileSync(path.join(FIXTURES, 'translation', 'en-sample.txt'), 'utf8');
const [FIRST_PARAGRAPH = ''] = SAMPLE.split('\n\n');
const MARK = /(?<![\p{L}\p{N}])[*@#]\p{L}/u;
const language = (code: string): Language => {
  const found = findLanguage(code);
  if (!found) throw new Error(`no language ${code}`);
  return found;
};

describe('Apertium pairs and routes (real apertium -l)', () => {
  it('lists the installed directions, one-way pairs one way only', async () => {
    const pairs = await apertiumPairs();
    expect(pairs.get('en>es')).toBe('eng-spa');
    expect(pairs.get('ca>fr')).toBe('cat-fra');
    // apertium-eo-fr translates French into Esperanto only; no pair goes from English to French.
    expect(pairs.get('fr>eo')).toBe('fr-eo');
    expect(pairs.has('eo>fr')).toBe(false);
    expect(pairs.has('en>fr')).toBe(false);
  });

  it('chains two pairs through a pivot only where no direct pair exists', async () => {
    const routes = candidateRoutes(await apertiumPairs());
    const from = (a: string, b: string) => routes.filter((r) => r.from === a && r.to === b);
    expect(from('en', 'fr')).toEqual(
      expect.arrayContaining([
        { from: 'en', to: 'fr', via: 'ca', modes: ['eng-cat', 'cat-fra'] },
        { from: 'en', to: 'fr', via: 'es', modes: ['eng-spa', 'es-fr'] },
      ]),
    );
    expect(from('en', 'es')).toEqual([{ from: 'en', to: 'es', modes: ['eng-spa'] }]);
    expect(from('en', 'en')).toEqual([]);
  });

  it('offers a chain only when its measurement passed, and drops a direct pair that failed', async () => {
    const candidates = candidateRoutes(await apertiumPairs());
    const measurement = (route: ApertiumRoute, untranslated: number) => ({
      ...route,
      words: 100,
      untranslated,
      uninflected: 0,
      ms: 1,
    });
    const viaCa = candidates.find((r) => r.to === 'fr' && r.from === 'en' && r.via === 'ca');
    const viaEs = candidates.find((r) => r.to === 'fr' && r.from === 'en' && r.via === 'es');
    const enEs = candidates.find((r) => r.from === 'en' && r.to === 'es' && !r.via);
    if (!viaCa || !viaEs || !enEs) throw new Error('pairs missing');

    expect(offeredRoutes(candidates, []).has('en>fr')).toBe(false); // never measured
    const both = [measurement(viaCa, 4), measurement(viaEs, 3)];
    expect(offeredRoutes(candidates, both).get('en>fr')?.via).toBe('es'); // the better one
    expect(offeredRoutes(candidates, [measurement(viaCa, 5)]).has('en>fr')).toBe(false); // 5 %
    expect(offeredRoutes(candidates, []).has('en>es')).toBe(true); // direct, unmeasured
    expect(offeredRoutes(candidates, [measurement(enEs, 9)]).has('en>es')).toBe(false);
  });

  it('keeps a committed measurement that matches the installed pairs', async () => {
    const modes = new Set((await apertiumPairs()).values());
    expect(MEASURED_ROUTES.length).toBeGreaterThan(0);
    for (const m of MEASURED_ROUTES) {
      expect(m.modes.every((mode) => modes.has(mode))).toBe(true);
      expect(m.words).toBe((SAMPLE.match(/\p{L}[\p{L}\p{M}\p{N}'’-]*/gu) ?? []).length);
    }
  });

  it('marks unknown words only when asked (the benchmark), never in the text users get', async () => {
    const marked = await apertiumTranslate(FIRST_PARAGRAPH, 'eng-spa', 30_000, undefined, true);
    expect(marked).toMatch(/\*peeped/);
    const plain = await apertiumTranslate(FIRST_PARAGRAPH, 'eng-spa', 30_000);
    expect(plain).not.toMatch(MARK);
    expect(plain).toContain('peeped');
  });
});

describe('ApertiumTranslator (real Apertium, committed measurement)', () => {
  const translator = new ApertiumTranslator();

  it('translates through a direct pair', async () => {
    const spanish = await translator.translate(FIRST_PARAGRAPH, language('es'));
    expect(franc(spanish)).toBe('spa');
    expect(spanish).toContain('hermana');
    expect(spanish).not.toMatch(MARK);
    expect(await translator.pivotFor('es')).toBeUndefined();
  });

  it('translates through a pivot where no pair goes straight there: French via Catalan', async () => {
    const measured = MEASURED_ROUTES.find(
      (m) => m.from === 'en' && m.to === 'fr' && m.via === 'ca',
    );
    expect(measured && passes(measured)).toBe(true);
    expect(await translator.canTranslateTo('fr')).toBe(true);
    expect(await translator.pivotFor('fr')).toBe('ca');

    const french = await translator.translate(FIRST_PARAGRAPH, language('fr'));
    expect(franc(french)).toBe('fra');
    expect(french).toContain('sœur'); // sister
    expect(french).not.toMatch(MARK);
    // Line breaks survive both legs.
    const twoParagraphs = SAMPLE.split('\n\n').slice(0, 2).join('\n\n');
    expect((await translator.translate(twoParagraphs, language('fr'))).split('\n\n')).toHaveLength(
      2,
    );
  });

  it('refuses clearly a direction with no route that passed', async () => {
    // Italian: pairs from Spanish and Catalan exist, but the chains from English failed the rule.
    expect(await translator.canTranslateTo('it')).toBe(true);
    await expect(translator.translate(FIRST_PARAGRAPH, language('it'))).rejects.toThrow(
      new ExtractionError(
        'TRANSLATION_UNAVAILABLE',
        'Translation from English to Italian is not available on this server.',
        422,
      ),
    );
    // German: no pair at all.
    expect(await translator.canTranslateTo('de')).toBe(false);
  });
});
