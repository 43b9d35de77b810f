import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
  Req,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { TablesJobAccepted, TablesJobView } from 'contracts';
import { PrefersRespondAsync } from '../../common/http/request-headers.decorators.js';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import { ExtractionConcurrency } from '../extraction/extraction-concurrency.js';
import { TablesDownloadQuery, TablesExtractDto } from './dto/tables-extract.dto.js';
import { TablesExportDto } from './dto/tables-export.dto.js';
import { TablesService, type TablesFile } from './tables.service.js';

/** A file as a download: Content-Disposition's ASCII and UTF-8 names (express's attachment). */
function sendFile(res: Response, file: TablesFile): void {
  res.attachment(file.name);
  res.type(file.type);
  res.setHeader('Cache-Control', 'no-store');
  res.send(file.bytes);
}

/** The spreadsheet add-on's table reader (the wire keeps the spec's `sheets-extension`). */
@Controller('api/sheets-extension')
@UseGuards(SignedInGuard)
export class TablesController {
  constructor(
    private readonly tables: TablesService,
    private readonly concurrency: ExtractionConcurrency,
  ) {}

  /**
   * 200 with the job view (its result included) up to the sync page count; 202 `{ jobId }` above,
   * and for any file when the caller states `Prefer: respond-async` (RFC 7240): the Apps Script
   * add-on, whose calls give up after about 60 s, always polls instead of waiting.
   */
  @Post('extract')
  @RateLimit('extract') // the same attempts per user and address as text: reading is the cost
  async extract(
    @CurrentUser() user: SignedInUser,
    @Body() dto: TablesExtractDto,
    @PrefersRespondAsync() respondAsync: boolean,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<TablesJobView | TablesJobAccepted> {
    // The slot the upload gate took is held until the job ends, however the request ends.
    const release = this.concurrency.holdForJob(req);
    const answer = await this.tables.start(user, dto, release, { respondAsync });
    if (respondAsync) res.setHeader('Preference-Applied', 'respond-async');
    res.status(answer.status);
    return answer.body;
  }

  @Get('jobs/:id')
  job(
    @CurrentUser() user: SignedInUser,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<TablesJobView> {
    return this.tables.get(user, id);
  }

  /** Cancels a running job: the pages not read are given back. */
  @Delete('jobs/:id')
  cancel(
    @CurrentUser() user: SignedInUser,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
  ): Promise<TablesJobView> {
    return this.tables.cancel(user, id);
  }

  /**
   * Tables as the converter shows them (edited or not) as CSV or XLSX, by the same code as a
   * job's download. Signed in (its body is read only then: tables-export-upload.ts), rate-limited
   * with the reading routes, the grid's shape and size validated (TablesExportDto).
   */
  @Post('export')
  @HttpCode(200)
  @RateLimit('extract')
  async export(@Body() dto: TablesExportDto, @Res() res: Response): Promise<void> {
    sendFile(res, await this.tables.exportTables(dto));
  }

  /**
   * The finished job's tables as CSV (UTF-8 BOM, CRLF) or XLSX (one sheet per table), made by the
   * same code as `npm run extract-tables`, named after the uploaded file (Content-Disposition's
   * ASCII `filename` and UTF-8 `filename*`, by express's `attachment`).
   */
  @Get('jobs/:id/download')
  async download(
    @CurrentUser() user: SignedInUser,
    @Param('id', new ParseUUIDPipe({ version: '4' })) id: string,
    @Query() query: TablesDownloadQuery,
    @Res() res: Response,
  ): Promise<void> {
    sendFile(res, await this.tables.download(user, id, query.format));
  }
}
