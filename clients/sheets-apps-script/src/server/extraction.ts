// Reading a file's tables through the API and writing them into the sheet. Every extract states
// `Prefer: respond-async` (RFC 7240), so the API answers 202 { jobId } at once whatever the file's
// size: a UrlFetchApp call gives up after about 60 s, and a short file read synchronously under
// load could outlast it, its credits spent and its rows lost. The sidebar then polls pollJob
// every few seconds: each call here is one HTTP request, far under Apps Script's 6-minute limit,
// and nothing waits in a server-side loop. A 200 with the result (an API that did not apply the
// preference: the add-on and the API are deployed apart) is written at once.
import {
  TABLES_MODES,
  addonMaxBytes,
  type TablesExtractRequest,
  type TablesJobAccepted,
  type TablesJobView,
  type PublicUser,
} from 'contracts';
import { isPagesChoice, pagesRequest } from '../shared/pages.js';
import type {
  AddonError,
  DriveRequest,
  ExtractOptions,
  Outcome,
  PendingJob,
  UploadRequest,
} from '../shared/sidebar-api.js';
import { callApi } from './api-client.js';
import { MESSAGES, addonError } from './errors.js';
import { writeResult } from './sheet-writer.js';

const EXTRACT_PATH = '/api/sheets-extension/extract';
/** Always the job answer (202), never a wait for the result: see above. */
const RESPOND_ASYNC = { Prefer: 'respond-async' } as const;
const jobPath = (jobId: string): string =>
  `/api/sheets-extension/jobs/${encodeURIComponent(jobId)}`;
const PENDING_JOB_KEY = 'pendingJob';
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const failed = (error: AddonError): Outcome => ({ kind: 'error', error });

/** The signed-in person as GET /api/me answers for the bearer token. */
export function readUser(): { ok: true; user: PublicUser } | { ok: false; error: AddonError } {
  const answer = callApi<{ user?: PublicUser }>('get', '/api/me');
  if (!answer.ok) return answer;
  if (!answer.body.user) {
    return {
      ok: false,
      error: {
        ...addonError('The server did not recognise your Google account.', 'SIGN_IN_REQUIRED'),
        status: 401,
      },
    };
  }
  return { ok: true, user: answer.body.user };
}

/** The part of a base64 string that is the bytes (after a data: URL's comma). */
const base64Body = (base64: string): string => base64.slice(base64.indexOf(',') + 1);

const decodedLength = (base64: string): number => {
  const body = base64Body(base64).replace(/\s/g, '');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
};

function checkOptions(options: ExtractOptions): AddonError | null {
  if (!TABLES_MODES.includes(options.mode)) return addonError('Choose Tables or Invoice.');
  if (!isPagesChoice(options.pages)) return addonError('Choose the pages to read.');
  const pages = pagesRequest(options.pages);
  return pages.ok ? null : addonError(pages.error);
}

/** The sidebar's upload: the file it read from the computer, as base64. */
export function extractUpload(request: UploadRequest): Outcome {
  const problem = checkOptions(request);
  if (problem) return failed(problem);
  const size = request.base64 ? decodedLength(request.base64) : 0;
  if (size === 0) return failed(addonError('The file is empty.', 'FILE_EMPTY'));
  const user = readUser();
  if (!user.ok) return failed(user.error);
  const tooLarge = sizeProblem(size, user.user);
  if (tooLarge) return failed(tooLarge);
  return extract(request.base64, request.fileName || 'Tables', request);
}

/** A file picked from Drive: read here (drive.file covers the file the Picker opened). */
export function extractDriveFile(request: DriveRequest): Outcome {
  const problem = checkOptions(request);
  if (problem) return failed(problem);
  let file: GoogleAppsScript.Drive.File;
  try {
    file = DriveApp.getFileById(request.fileId);
  } catch {
    return failed(
      addonError('That Drive file could not be opened. Pick it again.', 'DRIVE_FILE_UNAVAILABLE'),
    );
  }
  const user = readUser();
  if (!user.ok) return failed(user.error);
  // The size from Drive's metadata: a file too large is never read into memory.
  const tooLarge = sizeProblem(file.getSize(), user.user);
  if (tooLarge) return failed(tooLarge);
  const bytes = file.getBlob().getBytes();
  if (bytes.length === 0) return failed(addonError('The file is empty.', 'FILE_EMPTY'));
  return extract(Utilities.base64Encode(bytes), file.getName(), request);
}

const PAID_MAX_BYTES = 30 * 1024 * 1024;

/** The person's size limit (spec §9), checked before the upload as the API checks it after. */
function sizeProblem(size: number, user: PublicUser): AddonError | null {
  const maxBytes = addonMaxBytes(user);
  if (size <= maxBytes) return null;
  const canGrow = maxBytes < PAID_MAX_BYTES;
  return {
    message: `The file is larger than ${String(maxBytes / (1024 * 1024))} MB.${canGrow ? ` ${MESSAGES.tooLarge}` : ''}`,
    code: 'IMAGE_SIZE_EXCEED',
    status: 413,
    ...(canGrow ? { buyCredits: true } : {}),
  };
}

function extract(base64: string, fileName: string, options: ExtractOptions): Outcome {
  const pages = pagesRequest(options.pages);
  const body: TablesExtractRequest = {
    file: base64,
    fileName: fileName.slice(0, 255),
    mode: options.mode,
    ...(pages.ok ? pages.request : {}),
  };
  const answer = callApi<TablesJobView | TablesJobAccepted>(
    'post',
    EXTRACT_PATH,
    body,
    RESPOND_ASYNC,
  );
  if (!answer.ok) return failed(answer.error);
  if (answer.status === 202) {
    const pending: PendingJob = { jobId: answer.body.jobId, fileName };
    rememberPendingJob(pending);
    return { kind: 'running', ...pending, pagesDone: 0, pagesTotal: 0 };
  }
  return fromJob(answer.body as TablesJobView, fileName);
}

/** One look at a long file's job: its progress, or its tables written into a new sheet. */
export function pollJob(jobId: string, fileName: string): Outcome {
  if (!JOB_ID.test(jobId)) return failed(addonError('No such job.', 'JOB_NOT_FOUND'));
  const answer = callApi<TablesJobView>('get', jobPath(jobId));
  if (!answer.ok) {
    if (answer.error.code === 'JOB_NOT_FOUND') forgetPendingJob();
    return failed(answer.error);
  }
  return fromJob(answer.body, fileName);
}

/** Cancels a long file's job: the pages not read are given back. */
export function cancelJob(jobId: string): Outcome {
  if (!JOB_ID.test(jobId)) return failed(addonError('No such job.', 'JOB_NOT_FOUND'));
  const answer = callApi<TablesJobView>('delete', jobPath(jobId));
  if (!answer.ok) return failed(answer.error);
  forgetPendingJob();
  return { kind: 'cancelled', creditsRefunded: answer.body.credits.refunded };
}

function fromJob(job: TablesJobView, fileName: string): Outcome {
  switch (job.state) {
    case 'running':
      return {
        kind: 'running',
        jobId: job.jobId,
        fileName,
        pagesDone: job.progress.pagesDone,
        pagesTotal: job.progress.pagesTotal,
      };
    case 'cancelled':
      forgetPendingJob();
      return { kind: 'cancelled', creditsRefunded: job.credits.refunded };
    case 'failed':
      forgetPendingJob();
      return failed({
        message: job.error?.error ?? 'The file could not be read.',
        code: job.error?.code ?? 'ENGINE_FAILED',
      });
    case 'done': {
      forgetPendingJob();
      const credits = { creditsSpent: job.credits.spent, creditsRefunded: job.credits.refunded };
      const written = job.result ? writeResult(job.result, fileName) : null;
      return written ? { kind: 'inserted', ...written, ...credits } : { kind: 'empty', ...credits };
    }
  }
}

// A long file's job survives the sidebar being closed: the next sidebar picks it up again.
function rememberPendingJob(job: PendingJob): void {
  PropertiesService.getUserProperties().setProperty(PENDING_JOB_KEY, JSON.stringify(job));
}

function forgetPendingJob(): void {
  PropertiesService.getUserProperties().deleteProperty(PENDING_JOB_KEY);
}

export function pendingJob(): PendingJob | null {
  const stored = PropertiesService.getUserProperties().getProperty(PENDING_JOB_KEY);
  if (!stored) return null;
  try {
    const job = JSON.parse(stored) as Partial<PendingJob>;
    return typeof job.jobId === 'string' && typeof job.fileName === 'string'
      ? { jobId: job.jobId, fileName: job.fileName }
      : null;
  } catch {
    return null;
  }
}
