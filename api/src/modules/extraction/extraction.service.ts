import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { UserRecord } from '../users/users.repository.js';
import type { ExtractDto } from './dto/extract.dto.js';
import { DailyLimitReachedError } from './extraction.errors.js';
import { DEFAULT_LIMITS, PLAN_MAX_BYTES } from './pipeline/limits.js';
import { OcrPool } from './pipeline/ocr-pool.js';
import { extractText, type Engine } from './pipeline/pipeline.js';
import { closeWarmTesseract } from './pipeline/warm-tesseract.js';
import { extractionErrors } from './pipeline/pipeline-errors.js';
import type { Language } from '../translation/languages.js';
import { TranslationService } from '../translation/translation.service.js';
import { cleanOutput, NO_TEXT_FOUND } from './pipeline/clean-output.js';
import { UsageRepository } from './usage.repository.js';
import { VisionReader } from './vision/vision-reader.js';

export const FREE_DAILY_EXTRACTIONS = 5;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const utcDay = (now = new Date()): string => now.toISOString().slice(0, 10);

/** Decoded size from the base64 length, so an oversize upload is refused before decoding. */
function decodedLength(encoded: string): number {
  const padding = encoded.endsWith('==') ? 2 : encoded.endsWith('=') ? 1 : 0;
  return Math.floor((encoded.length * 3) / 4) - padding;
}

export type EngineDescription = { kind: 'local' | 'vision'; name: string };

@Injectable()
export class ExtractionService implements OnApplicationShutdown {
  private readonly pool = new OcrPool();
  private readonly engine: Engine;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly usage: UsageRepository,
    private readonly translation: TranslationService,
  ) {
    this.engine =
      config.vision && config.ocrEngine !== 'local'
        ? { kind: config.ocrEngine, reader: new VisionReader(config.vision) }
        : { kind: 'local' };
  }

  /** Warm Tesseract processes end with the API. */
  onApplicationShutdown(): void {
    closeWarmTesseract();
  }

  describeEngines(): { mode: 'local' | 'vision' | 'auto'; engines: EngineDescription[] } {
    const local: EngineDescription = { kind: 'local', name: 'Tesseract OCR' };
    const vision = this.config.vision
      ? { kind: 'vision' as const, name: `${this.config.vision.model} (vision model)` }
      : null;
    if (this.engine.kind === 'vision' && vision) return { mode: 'vision', engines: [vision] };
    if (this.engine.kind === 'auto' && vision) return { mode: 'auto', engines: [local, vision] };
    return { mode: 'local', engines: [local] };
  }

  async extract(user: UserRecord, dto: ExtractDto): Promise<{ extractedText: string }> {
    const maxBytes = user.isPremium ? PLAN_MAX_BYTES.premium : PLAN_MAX_BYTES.free;
    const isPdf = dto.base64Pdf !== undefined;
    const encoded = (dto.base64Pdf ?? dto.base64Image ?? '')
      .replace(/^data:[^;,]*;base64,/, '')
      .replace(/\s+/g, '');
    if (decodedLength(encoded) > maxBytes) throw extractionErrors.sizeExceeded(maxBytes);
    if (encoded.length % 4 === 1 || !BASE64.test(encoded)) throw extractionErrors.badBase64();
    const bytes = Buffer.from(encoded, 'base64');

    // Translation is refused before anything is spent: no untranslated text presented as translated.
    let target: Language | undefined;
    if (dto.language) {
      target = this.translation.find(dto.language);
      if (!target) throw extractionErrors.unknownLanguage(dto.language);
      if (!this.translation.canTranslateTo(target.code)) {
        throw extractionErrors.translationUnavailable(target.name);
      }
    }
    // The vision model translates as it reads; the local engine translates the text afterwards.
    const modelTranslates = this.engine.kind !== 'local';

    const day = utcDay();
    const reservation = user.isPremium
      ? null
      : await this.usage.reserveExtraction(user.id, day, FREE_DAILY_EXTRACTIONS);
    if (!user.isPremium && !reservation) {
      throw new DailyLimitReachedError(!user.isTextOcrFeedbackSubmitted);
    }
    try {
      const result = await this.pool.run(() =>
        extractText(
          {
            bytes,
            kind: isPdf ? 'pdf' : 'image',
            ...(isPdf ? { page: dto.pageToExtract ?? 1 } : {}),
          },
          {
            limits: { ...DEFAULT_LIMITS, maxBytes, ocrTimeoutMs: this.config.ocrTimeoutMs },
            tesseractPath: this.config.tesseractPath,
            engine: this.engine,
            ...(target && modelTranslates ? { targetLanguage: target.name } : {}),
          },
        ),
      );
      if (target && !modelTranslates && result.text !== NO_TEXT_FOUND) {
        result.text = cleanOutput(await this.translation.translateLocally(result.text, target));
      }
      await this.usage.recordExtraction({
        userId: user.id,
        kind: isPdf ? 'pdf' : 'image',
        source: result.source,
        characters: result.text.length,
        searchTerm: dto.searchTerm ?? null,
        keyword: dto.keyword ?? null,
      });
      return { extractedText: result.text };
    } catch (error) {
      if (reservation) await this.usage.refundExtraction(reservation);
      throw error;
    }
  }
}
