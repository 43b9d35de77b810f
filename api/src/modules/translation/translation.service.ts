import { Injectable } from '@nestjs/common';
import { findLanguage, LANGUAGES, ORIGINAL_LANGUAGE, type Language } from './languages.js';

export type LanguageOption = Language & { translatable: boolean };

/**
 * Which languages extraction can translate into under the current configuration. The local
 * engine has no translator yet, so only 'Original language' can be served; asking for another
 * gives TRANSLATION_UNAVAILABLE, never untranslated text presented as translated.
 */
@Injectable()
export class TranslationService {
  languages(): LanguageOption[] {
    return [
      { ...ORIGINAL_LANGUAGE, translatable: true },
      ...LANGUAGES.map((l) => ({ ...l, translatable: this.canTranslateTo(l.code) })),
    ];
  }

  canTranslateTo(_code: string): boolean {
    return false;
  }

  find(code: string): Language | undefined {
    return findLanguage(code);
  }
}
