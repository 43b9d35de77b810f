import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { franc } from 'franc-min';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { extractionErrors, ExtractionError } from '../extraction/pipeline/pipeline-errors.js';
import {
  apertiumPairs,
  apertiumTranslate,
  pairKey,
  toIso6391,
  type ApertiumPairs,
} from './apertium.js';
import { findLanguage, LANGUAGES, ORIGINAL_LANGUAGE, type Language } from './languages.js';

export type LanguageOption = Language & { translatable: boolean };

const TRANSLATE_TIMEOUT_MS = 30_000;

/**
 * Which languages extraction can translate into under the current configuration: all of them
 * with a vision model (it reads and translates in one call); with the local engine, the targets
 * of the Apertium pairs installed here. Anything else gives TRANSLATION_UNAVAILABLE, never
 * untranslated text presented as translated.
 */
@Injectable()
export class TranslationService implements OnModuleInit {
  private pairs: ApertiumPairs = new Map();

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'vision'>) {}

  async onModuleInit(): Promise<void> {
    this.pairs = await apertiumPairs();
  }

  languages(): LanguageOption[] {
    return [
      { ...ORIGINAL_LANGUAGE, translatable: true },
      ...LANGUAGES.map((l) => ({ ...l, translatable: this.canTranslateTo(l.code) })),
    ];
  }

  canTranslateTo(code: string): boolean {
    if (!findLanguage(code)) return false;
    if (this.config.vision) return true;
    return [...this.pairs.keys()].some((key) => key.endsWith(`>${code}`));
  }

  find(code: string): Language | undefined {
    return findLanguage(code);
  }

  /** Translates extracted text locally: detects its language, then the Apertium pair to `to`. */
  async translateLocally(text: string, to: Language): Promise<string> {
    const detected = franc(text, { minLength: 10 });
    const from = detected === 'und' ? undefined : toIso6391(detected);
    if (!from) {
      throw new ExtractionError(
        'TRANSLATION_UNAVAILABLE',
        `Could not tell which language the text is in, so it cannot be translated to ${to.name} here.`,
        422,
      );
    }
    if (from === to.code) return text;
    const mode = this.pairs.get(pairKey(from, to.code));
    if (!mode) {
      const fromName = findLanguage(from)?.name ?? from;
      throw new ExtractionError(
        'TRANSLATION_UNAVAILABLE',
        `Translation from ${fromName} to ${to.name} is not available on this server.`,
        422,
      );
    }
    try {
      return await apertiumTranslate(text, mode, TRANSLATE_TIMEOUT_MS);
    } catch {
      throw extractionErrors.translationUnavailable(to.name);
    }
  }
}
