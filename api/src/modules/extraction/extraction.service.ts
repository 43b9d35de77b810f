import { Inject, Injectable, Logger } from '@nestjs/common';
import { NO_TEXT_FOUND, planMaxBytes, type ExtractResponse } from 'contracts';
import { DomainError } from '../../common/errors/domain-error.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { decodeUpload, type ExtractDto } from './dto/extract.dto.js';
import { EXTRACTION_ENGINE } from './engine.provider.js';
import type { ExtractionEngine } from './engine/index.js';
import { quotaErrors } from './extraction.errors.js';
import { UsageService } from './usage.service.js';

/**
 * POST /api/extract: decode the upload → check it and reserve the free plan's slot → the engine
 * reads it → record the extraction, or give the slot back when it failed. A reservation the
 * database cannot take answers 503 DATABASE_UNAVAILABLE (the one exception filter) before any
 * reading starts.
 */
@Injectable()
export class ExtractionService {
  private readonly logger = new Logger(ExtractionService.name);

  constructor(
    @Inject(EXTRACTION_ENGINE) private readonly engine: ExtractionEngine,
    private readonly usage: UsageService,
  ) {}

  async extract(user: SignedInUser, dto: ExtractDto): Promise<ExtractResponse> {
    const maxBytes = planMaxBytes(user);
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
      await this.recordOrLog(user, reservation, {
        kind: upload.kind,
        source: result.source,
        characters: result.text.length,
        searchTerm: dto.searchTerm ?? null,
        keyword: dto.keyword ?? null,
      });
      return { extractedText: result.found ? result.text : NO_TEXT_FOUND, found: result.found };
    } catch (error) {
      // Not the person's doing, and only the operator can fix it: said in the log every time.
      if (error instanceof DomainError && error.code === 'TEMP_STORAGE_FULL') {
        this.logger.error(`Temporary disk full: extraction refused for user ${user.id}`);
      }
      // The reading's own error is the answer; a refund the database refuses is logged.
      await this.usage.refund(reservation).catch((refundError: unknown) => {
        this.logger.error(
          `Extraction slot not refunded for user ${user.id}: ${(refundError as Error).message}`,
        );
      });
      throw error;
    }
  }

  /**
   * The text was read and its slot is taken: the person gets their text even when the record of
   * it cannot be written (the database went away meanwhile). The slot stays spent, as for any
   * successful read; only the statistics row is missing, and the log says so.
   */
  private async recordOrLog(
    user: SignedInUser,
    reservation: Parameters<UsageService['record']>[1],
    record: Parameters<UsageService['record']>[2],
  ): Promise<void> {
    try {
      await this.usage.record(user, reservation, record);
    } catch (error) {
      this.logger.error(
        `Extraction not recorded for user ${user.id}: ${(error as Error).message}`,
        (error as Error).stack,
      );
    }
  }
}
