import { franc } from 'franc-min';
import {
  apertiumPairs,
  apertiumTranslate,
  pairKey,
  toIso6391,
  type ApertiumPairs,
} from './apertium.js';
import { extractionErrors } from './errors.js';
import { findLanguage, type Language } from './languages.js';
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
  translate(text: string, to: Language): Promise<string>;
};

export class VisionTranslator implements Translator {
  constructor(private readonly reader: Pick<VisionReader, 'translate'>) {}

  canTranslateTo(code: string): Promise<boolean> {
    return Promise.resolve(findLanguage(code) !== undefined);
  }

  translate(text: string, to: Language): Promise<string> {
    return this.reader.translate(text, to.name);
  }
}

/** Local machine translation: detects the text's language, then the installed Apertium pair. */
export class ApertiumTranslator implements Translator {
  private pairs: Promise<ApertiumPairs> | null = null;

  /** `tempDir`: where its text files go (the engine's folder; the system's by default). */
  constructor(private readonly tempDir?: () => string) {}

  /** The installed pairs, listed once, when first needed. */
  private installed(): Promise<ApertiumPairs> {
    this.pairs ??= apertiumPairs();
    return this.pairs;
  }

  async canTranslateTo(code: string): Promise<boolean> {
    if (!findLanguage(code)) return false;
    const pairs = await this.installed();
    return [...pairs.keys()].some((key) => key.endsWith(`>${code}`));
  }

  async translate(text: string, to: Language): Promise<string> {
    const detected = franc(text, { minLength: 10 });
    const from = detected === 'und' ? undefined : toIso6391(detected);
    if (!from) {
      throw extractionErrors.languageUndetected(to.name);
    }
    if (from === to.code) return text;
    const mode = (await this.installed()).get(pairKey(from, to.code));
    if (!mode) {
      throw extractionErrors.pairUnavailable(findLanguage(from)?.name ?? from, to.name);
    }
    try {
      return await apertiumTranslate(text, mode, TRANSLATE_TIMEOUT_MS, this.tempDir?.());
    } catch {
      throw extractionErrors.translationUnavailable(to.name);
    }
  }
}
