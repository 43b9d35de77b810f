import { Inject, Injectable } from '@nestjs/common';
import { NO_TEXT_FOUND, type ExtractResponse } from 'contracts';
import type { UserRecord } from '../users/users.service.js';
import { decodeUpload, type ExtractDto } from './dto/extract.dto.js';
import { EXTRACTION_ENGINE } from './engine.provider.js';
import { PLAN_MAX_BYTES, type ExtractionEngine } from './engine/index.js';
import { quotaErrors } from './extraction.errors.js';
import { UsageService } from './usage.service.js';

/**
 * POST /api/extract: decode the upload → check it and reserve the free plan's slot → the engine
 * reads it → record the extraction, or give the slot back when it failed.
 */
@Injectable()
export class ExtractionService {
  constructor(
    @Inject(EXTRACTION_ENGINE) private readonly engine: ExtractionEngine,
    private readonly usage: UsageService,
  ) {}

  async extract(user: UserRecord, dto: ExtractDto): Promise<ExtractResponse> {
    const maxBytes = user.isPremium ? PLAN_MAX_BYTES.premium : PLAN_MAX_BYTES.free;
    const upload = decodeUpload(dto);
    // Size and language are refused before anything is decoded or spent.
    await this.engine.admit({
      byteLength: upload.byteLength,
      maxBytes,
      ...(dto.language ? { targetLanguage: dto.language } : {}),
    });
    const bytes = upload.decode();
    const reservation = await this.usage.reserve(user);
    if (reservation === 'limit-reached') {
      throw quotaErrors.dailyLimitReached(!user.isTextOcrFeedbackSubmitted);
    }
    try {
      const result = await this.engine.extract({
        bytes,
        kind: upload.kind,
        maxBytes,
        ...(upload.kind === 'pdf' ? { page: dto.pageToExtract ?? 1 } : {}),
        ...(dto.language ? { targetLanguage: dto.language } : {}),
      });
      await this.usage.record(user, reservation, {
        kind: upload.kind,
        source: result.source,
        characters: result.text.length,
        searchTerm: dto.searchTerm ?? null,
        keyword: dto.keyword ?? null,
      });
      return { extractedText: result.found ? result.text : NO_TEXT_FOUND, found: result.found };
    } catch (error) {
      await this.usage.refund(reservation);
      throw error;
    }
  }
}
