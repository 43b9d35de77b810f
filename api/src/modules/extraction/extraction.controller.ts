import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import { ExtractDto } from './dto/extract.dto.js';
import { ExtractionService, type EngineDescription } from './extraction.service.js';
import '../auth/auth.types.js';

@Controller('api')
export class ExtractionController {
  constructor(private readonly extraction: ExtractionService) {}

  /** Which engines read the pages under this configuration, for the page's 'Powered by' line. */
  @Get('engines')
  engines(): { mode: 'local' | 'vision' | 'auto'; engines: EngineDescription[] } {
    return this.extraction.describeEngines();
  }

  @Post('extract')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  extract(@Req() req: Request, @Body() dto: ExtractDto): Promise<{ extractedText: string }> {
    // SignedInGuard guarantees the user.
    return this.extraction.extract(req.user as Express.User, dto);
  }
}
