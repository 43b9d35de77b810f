import { Controller, Get } from '@nestjs/common';
import { TranslationService, type LanguageOption } from './translation.service.js';

@Controller('api')
export class TranslationController {
  constructor(private readonly translation: TranslationService) {}

  /** The dropdown's languages, 'Original language' first, each saying if it can be served. */
  @Get('languages')
  languages(): { languages: LanguageOption[] } {
    return { languages: this.translation.languages() };
  }
}
