import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Post,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import type {
  DailyUsageResponse,
  EnginesResponse,
  ExtractResponse,
  LanguagesResponse,
} from 'contracts';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { ExtractDto } from './dto/extract.dto.js';
import { ExtractionSlotInterceptor } from './extraction-slot.interceptor.js';
import { EXTRACTION_ENGINE } from './engine.provider.js';
import type { ExtractionEngine } from './engine/index.js';
import { ExtractionService } from './extraction.service.js';
import { UsageService } from './usage.service.js';
import { ErrorAction } from '../../common/errors/error-action.js';

@ErrorAction('extraction')
@Controller('api')
export class ExtractionController {
  constructor(
    private readonly extraction: ExtractionService,
    private readonly usage: UsageService,
    @Inject(EXTRACTION_ENGINE) private readonly engine: ExtractionEngine,
  ) {}

  /** Which engines read the pages under this configuration, for the page's 'Powered by' line. */
  @Get('engines')
  engines(): EnginesResponse {
    return this.engine.describe();
  }

  /** The dropdown's languages, 'Original language' first, each saying if it can be served. */
  @Get('languages')
  async languages(): Promise<LanguagesResponse> {
    return { languages: await this.engine.languages() };
  }

  /** Today's extractions: what is left of the free plan's day, shown beside the tool. */
  @Get('usage')
  @UseGuards(SignedInGuard)
  today(@CurrentUser() user: SignedInUser): Promise<DailyUsageResponse> {
    return this.usage.today(user);
  }

  @Post('extract')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @RateLimit('extract') // attempts, refunded failures included: OCR is the costly part
  @UseInterceptors(ExtractionSlotInterceptor) // the slot is held until the job ends
  extract(@CurrentUser() user: SignedInUser, @Body() dto: ExtractDto): Promise<ExtractResponse> {
    return this.extraction.extract(user, dto);
  }
}
