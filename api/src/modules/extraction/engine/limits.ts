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
};

/** File size limit of each plan (spec §9): free 5 MB, premium 30 MB. */
export const PLAN_MAX_BYTES = { free: 5 * MB, premium: 30 * MB } as const;

export const DEFAULT_LIMITS: ExtractionLimits = {
  maxBytes: PLAN_MAX_BYTES.premium,
  maxPixels: 50_000_000, // 50 MP: any real photo or 600 dpi A4 page fits
  maxPdfPages: 2000,
  ocrTimeoutMs: 60_000,
  rasteriseTimeoutMs: 30_000,
};

/** Characters of base64 that carry `bytes` bytes (padding included). */
export const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;
