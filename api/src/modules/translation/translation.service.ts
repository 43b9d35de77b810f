import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { findLanguage, LANGUAGES, ORIGINAL_LANGUAGE, type Language } from './languages.js';

export type LanguageOption = Language & { translatable: boolean };

/**
 * Which languages extraction can translate into under the current configuration: all of them
 * with a vision model (it reads and translates in one call); with the local engine alone, none
 * yet, so asking for one gives TRANSLATION_UNAVAILABLE, never untranslated text presented as
 * translated.
 */
@Injectable()
export class TranslationService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  languages(): LanguageOption[] {
    return [
      { ...ORIGINAL_LANGUAGE, translatable: true },
      ...LANGUAGES.map((l) => ({ ...l, translatable: this.canTranslateTo(l.code) })),
    ];
  }

  canTranslateTo(code: string): boolean {
    return this.config.vision !== null && findLanguage(code) !== undefined;
  }

  find(code: string): Language | undefined {
    return findLanguage(code);
  }
}
