import { franc } from 'franc-min';
import {
  apertiumPairs,
  candidateRoutes,
  pairKey,
  toIso6391,
  translateAlong,
  type ApertiumRoute,
} from './apertium.js';
import { extractionErrors } from './errors.js';
import { findLanguage, type Language } from './languages.js';
import { MEASURED_ROUTES } from './translation-coverage.js';
import { offeredRoutes } from './translation-routes.js';
import type { VisionReader } from './vision-reader.js';

const TRANSLATE_TIMEOUT_MS = 30_000;

/**
 * The engine's one translation port: which languages text can be translated into here, and the
 * translation of text already read. Two adapters: the vision model (every language; it also
 * translates while it reads an image) and Apertium (the pairs installed on this machine).
 * Anything it cannot do is TRANSLATION_UNAVAILABLE, never untranslated text shown as translated.
 */
export type Translator = {
  canTranslateTo(code: string): Promise<boolean>;
  /** The pivot language's code when English text reaches `code` only through a chain. */
  pivotFor(code: string): Promise<string | undefined>;
  translate(text: string, to: Language): Promise<string>;
};

export class VisionTranslator implements Translator {
  constructor(private readonly reader: Pick<VisionReader, 'translate'>) {}

  canTranslateTo(code: string): Promise<boolean> {
    return Promise.resolve(findLanguage(code) !== undefined);
  }

  pivotFor(): Promise<string | undefined> {
    return Promise.resolve(undefined);
  }

  translate(text: string, to: Language): Promise<string> {
    return this.reader.translate(text, to.name);
  }
}

/**
 * Local machine translation: detects the text's language, then follows the route offered from it
 * (an installed Apertium pair, or two chained through a pivot that passed the measurement).
 */
export class ApertiumTranslator implements Translator {
  private routes: Promise<Map<string, ApertiumRoute>> | null = null;

  /** `tempDir`: where its text files go (the engine's folder; the system's by default). */
  constructor(private readonly tempDir?: () => string) {}

  /** The routes offered, worked out once from the installed pairs, when first needed. */
  private offered(): Promise<Map<string, ApertiumRoute>> {
    this.routes ??= apertiumPairs().then((pairs) =>
      offeredRoutes(candidateRoutes(pairs), MEASURED_ROUTES),
    );
    return this.routes;
  }

  async canTranslateTo(code: string): Promise<boolean> {
    if (!findLanguage(code)) return false;
    const routes = await this.offered();
    return [...routes.values()].some((route) => route.to === code);
  }

  async pivotFor(code: string): Promise<string | undefined> {
    return (await this.offered()).get(pairKey('en', code))?.via;
  }

  async translate(text: string, to: Language): Promise<string> {
    const detected = franc(text, { minLength: 10 });
    const from = detected === 'und' ? undefined : toIso6391(detected);
    if (!from) {
      throw extractionErrors.languageUndetected(to.name);
    }
    if (from === to.code) return text;
    const route = (await this.offered()).get(pairKey(from, to.code));
    if (!route) {
      throw extractionErrors.pairUnavailable(findLanguage(from)?.name ?? from, to.name);
    }
    try {
      return await translateAlong(text, route, TRANSLATE_TIMEOUT_MS, this.tempDir?.());
    } catch {
      throw extractionErrors.translationUnavailable(to.name);
    }
  }
}
