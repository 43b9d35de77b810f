import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  addonMaxBytes,
  type TableView,
  type TablesJobAccepted,
  type TablesJobView,
  type TablesDownloadFormat,
  type TablesResultView,
} from 'contracts';
import { DomainError } from '../../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { CreditsService } from '../billing/credits.service.js';
import {
  safeDownloadName,
  tablesToCsv,
  tablesToXlsx,
  type PageOutcome,
} from '../extraction/engine/index.js';
import { jobsErrors } from '../jobs/jobs.errors.js';
import { JobsService, type RunningJob } from '../jobs/jobs.service.js';
import type { TablesExportDto } from './dto/tables-export.dto.js';
import { pagesAsked, tablesUpload, type TablesExtractDto } from './dto/tables-extract.dto.js';
import { jobView, resultView } from './job-view.js';
import { TABLES_READER, type TablesReader } from './tables-reader.js';
import { tablesErrors } from './tables.errors.js';

export const TABLES_JOB = 'tables';

export type TablesAnswer =
  { status: 200; body: TablesJobView } | { status: 202; body: TablesJobAccepted };

export type TablesFile = { name: string; type: string; bytes: Buffer };

export type TablesStartOptions = {
  /** Answer 202 `{ jobId }` as soon as the job starts, whatever its page count (Prefer: respond-async). */
  respondAsync?: boolean;
};

/** Tables as a file by the engine's one export code: CSV (BOM, CRLF) or XLSX, safely named. */
async function tablesFile(
  tables: TableView[],
  fileName: string,
  format: TablesDownloadFormat,
): Promise<TablesFile> {
  const name = safeDownloadName(fileName, format);
  if (format === 'csv') {
    const text = tablesToCsv(tables, { bom: true, eol: '\r\n' });
    return { name, type: 'text/csv; charset=utf-8', bytes: Buffer.from(text, 'utf8') };
  }
  const baseName = name.replace(/\.xlsx$/, '');
  return {
    name,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes: await tablesToXlsx(tables, { baseName }),
  };
}

const errorBody = (error: unknown): { code: string; error: string } =>
  error instanceof DomainError
    ? { code: error.code, error: error.message }
    : { code: 'ENGINE_FAILED', error: 'The file could not be read.' };

/**
 * POST /api/sheets-extension/extract and its jobs. One request: the file's size is checked by
 * its length, then the engine opens it and, before reading any page, the pages asked for are
 * reserved from the person's credits (1 a page; NOT_ENOUGH_CREDITS refuses it, 402) and the job
 * is recorded. Each page read stays spent; pages that fail, are cancelled or never read are
 * given back when the job ends, once (common/allowance). Up to TABLES_SYNC_MAX_PAGES pages the
 * answer waits for the result, unless the caller asked to respond asynchronously; more answer
 * 202 with the job id and the work goes on here, where the bytes are, while any instance answers
 * for the job.
 */
@Injectable()
export class TablesService implements OnModuleInit {
  private readonly logger = new Logger(TablesService.name);
  private readonly syncMaxPages: number;

  constructor(
    @Inject(TABLES_READER) private readonly reader: TablesReader,
    private readonly credits: CreditsService,
    private readonly jobs: JobsService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.syncMaxPages = config.jobs.tablesSyncMaxPages;
  }

  onModuleInit(): void {
    this.jobs.registerAllowance(TABLES_JOB, this.credits);
  }

  /** Starts the reading; `release` frees the caller's concurrency slot when the job ends. */
  async start(
    user: SignedInUser,
    dto: TablesExtractDto,
    release: () => void,
    options: TablesStartOptions = {},
  ): Promise<TablesAnswer> {
    let released = false;
    const releaseOnce = () => {
      if (!released) release();
      released = true;
    };
    try {
      return await this.run(user, dto, releaseOnce, options.respondAsync ?? false);
    } catch (error) {
      // Refused before its job started (or a short job failed): its slot is free again.
      releaseOnce();
      throw error;
    }
  }

  get(user: SignedInUser, id: string): Promise<TablesJobView> {
    return this.jobs.get(id, user.id).then(jobView);
  }

  cancel(user: SignedInUser, id: string): Promise<TablesJobView> {
    return this.jobs.cancel(id, user.id).then(jobView);
  }

  /**
   * What a download of the owner's finished job is made from: its tables (an invoice's line
   * items after them) and the name the file was sent with. JOB_NOT_DONE before it is done.
   */
  async forDownload(
    user: SignedInUser,
    id: string,
  ): Promise<{ tables: TableView[]; fileName: string | null }> {
    const job = await this.jobs.get(id, user.id);
    const result = job.state === 'done' ? (job.result as TablesResultView | null) : null;
    if (!result) throw jobsErrors.notDone();
    // An invoice's line items are one of the tables found: they are in `tables` already.
    return { tables: result.tables, fileName: job.fileName };
  }

  /** The finished job's tables as a file: CSV (BOM, CRLF) or XLSX, named after the upload. */
  async download(
    user: SignedInUser,
    id: string,
    format: TablesDownloadFormat,
  ): Promise<TablesFile> {
    const { tables, fileName } = await this.forDownload(user, id);
    return tablesFile(tables, fileName ?? '', format);
  }

  /**
   * Tables sent back by the converter (edited in the browser) as the same file a job's download
   * gives: the sheets named by each table's page when given, else by the table's place.
   */
  async exportTables(dto: TablesExportDto): Promise<TablesFile> {
    if (dto.pages && dto.pages.length !== dto.tables.length) throw tablesErrors.pagePerTable();
    const tables = dto.tables.map((rows, index) => ({
      page: dto.pages?.[index] ?? index + 1,
      pages: [],
      rows,
    }));
    return await tablesFile(tables, dto.fileName ?? '', dto.format);
  }

  private async run(
    user: SignedInUser,
    dto: TablesExtractDto,
    release: () => void,
    respondAsync: boolean,
  ): Promise<TablesAnswer> {
    if (dto.page !== undefined && dto.pages !== undefined) throw tablesErrors.pageAndPages();
    if (dto.pages && dto.pages.first > dto.pages.last) throw tablesErrors.reversedRange();
    const maxBytes = addonMaxBytes(user);
    const upload = tablesUpload(dto);
    // Size first, by the upload's length: nothing decoded or spent on an oversize file.
    await this.reader.admit({ byteLength: upload.byteLength, maxBytes });
    const bytes = upload.decode();
    const id = this.jobs.newId();
    const controller = new AbortController();
    let job: RunningJob | null = null;
    let opened!: (job: RunningJob) => void;
    const started = new Promise<RunningJob>((resolve) => (opened = resolve));
    // Pages reported in order; each counted at once, its progress written in turn.
    let progress = Promise.resolve();
    const onPage = (outcome: PageOutcome) => {
      const running = job;
      if (!outcome.ok || !running) return;
      progress = progress
        .then(() => running.pageRead())
        .catch((error: unknown) => {
          this.logger.warn(`Job ${id}: progress not written: ${(error as Error).message}`);
        });
    };
    const pages = pagesAsked(dto);
    const reading = this.reader.extractTables({
      bytes,
      mode: dto.mode,
      maxBytes,
      signal: controller.signal,
      ...(pages ? { pages } : {}),
      beforeRead: async (pageList) => {
        const hold = await this.credits.reserve(user.id, pageList.length, `tables:${id}`);
        try {
          job = await this.jobs.open({
            id,
            kind: TABLES_JOB,
            owner: user.id,
            pagesTotal: pageList.length,
            fileName: dto.fileName ?? null,
            hold,
            controller,
          });
        } catch (error) {
          await this.credits.refund(hold);
          throw error;
        }
        opened(job);
      },
      onPage,
    });
    const finished = reading
      .then(
        async (result) => {
          await progress;
          if (!job) throw new Error('the table reader answered without opening the document');
          await job.finish(resultView(result));
        },
        async (error: unknown) => {
          await progress;
          if (job) await job.fail(errorBody(error));
          throw error;
        },
      )
      .finally(release);
    // Either the job starts (its pages reserved), or the request is refused before any page.
    const running = await Promise.race([started, finished.then(() => started)]);
    if (respondAsync || running.pagesTotal > this.syncMaxPages) {
      finished.catch((error: unknown) => {
        this.logger.log(`Job ${id} ended with ${errorBody(error).code}`);
      });
      return { status: 202, body: { jobId: id } };
    }
    await finished;
    return { status: 200, body: await this.get(user, id) };
  }
}
