import { PLAN_MAX_BYTES } from 'contracts';

// Limits enforced on the server before any heavy work (spec §6, issue 4). The engine owns them:
// every check of a file's size, pixels, pages and time is made here, once.
const MB = 1024 * 1024;

export type ExtractionLimits = {
  /** Largest file accepted when the caller names no plan limit. */
  maxBytes: number;
  maxPixels: number;
  maxPdfPages: number;
  ocrTimeoutMs: number;
  rasteriseTimeoutMs: number;
  /**
   * Address space of each converter and Tesseract process (prlimit --as), inherited by what it
   * starts: Ghostscript under GraphicsMagick included. A flate bomb fails to allocate past it.
   */
  childMemoryBytes: number;
};

export const DEFAULT_LIMITS: ExtractionLimits = {
  maxBytes: PLAN_MAX_BYTES.premium,
  maxPixels: 50_000_000, // 50 MP: any real photo or 600 dpi A4 page fits
  maxPdfPages: 2000,
  ocrTimeoutMs: 60_000,
  rasteriseTimeoutMs: 30_000,
  // A 50 MP page: Ghostscript's bitmap (150 MB), GraphicsMagick's 16-bit copy (400 MB), or
  // Tesseract's grey and binary copies, with room to spare; nothing real needs more.
  childMemoryBytes: 2048 * MB,
};

/** pdfinfo and pdftotext's own time limits (pdf.ts). */
export const PDF_INFO_TIMEOUT_MS = 10_000;
export const PDF_TEXT_TIMEOUT_MS = 20_000;
/** Tesseract runs one after another in a job at most: reading, a turned or other-script reading, a language's. */
const OCR_STEPS = 3;

/** Characters of base64 that carry `bytes` bytes (padding included). */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/**
 * The longest one job can run: each of its steps stops at its own limit. A job older than this
 * is not running anywhere (a quota slot still held by one was left by a dead process), and a
 * stopping API waits this long for the jobs it has.
 */
export function maxJobMs(limits: ExtractionLimits): number {
  return (
    PDF_INFO_TIMEOUT_MS * 2 +
    PDF_TEXT_TIMEOUT_MS +
    limits.rasteriseTimeoutMs +
    OCR_STEPS * limits.ocrTimeoutMs
  );
}

/**
 * Memory one job can hold in the API process at worst, for the largest upload (premium, 30 MB):
 * the request body as received and as the base64 string (one byte per character), the decoded
 * file, and one decoded bitmap at the pixel cap (4 bytes a pixel, while sharp turns or levels it).
 */
export function jobMemoryBytes(limits: ExtractionLimits): number {
  const base64 = base64Length(limits.maxBytes);
  return base64 * 2 + limits.maxBytes + limits.maxPixels * 4;
}

export type PoolCapacity = {
  /** Jobs at once. */
  concurrency: number;
  /** Jobs that may wait behind them; beyond, ENGINE_BUSY (503 with Retry-After). */
  maxQueue: number;
  /** jobMemoryBytes(): what each running or waiting job may hold in the API process. */
  jobMemoryBytes: number;
  /** Half the machine's memory: what running jobs (with their children) and the queue may use. */
  memoryBudgetBytes: number;
};

/**
 * The pool's size from the machine: one job per core, and no more than half the memory can hold
 * (a running job costs its own memory plus one child at its limit); the queue is four jobs per
 * running one, and no more than the rest of that half holds at the per-job worst case. With 2
 * cores and 23 GB: 2 running, 8 waiting (memory alone would allow 22).
 */
export function poolCapacity(
  limits: ExtractionLimits,
  machine: { cores: number; totalMemoryBytes: number },
  requested: { concurrency?: number; maxQueue?: number } = {},
): PoolCapacity {
  const job = jobMemoryBytes(limits);
  const budget = Math.floor(machine.totalMemoryBytes / 2);
  const running = job + limits.childMemoryBytes;
  const concurrency =
    requested.concurrency ?? Math.max(1, Math.min(machine.cores, Math.floor(budget / running)));
  const fits = Math.floor((budget - concurrency * running) / job);
  const maxQueue = requested.maxQueue ?? Math.max(1, Math.min(concurrency * 4, fits));
  return { concurrency, maxQueue, jobMemoryBytes: job, memoryBudgetBytes: budget };
}
