// Limits enforced on the server before any heavy work (spec §6, issue 4).
const MB = 1024 * 1024;

export type ExtractionLimits = {
  maxBytes: number;
  maxPixels: number;
  maxPdfPages: number;
  ocrTimeoutMs: number;
  rasteriseTimeoutMs: number;
};

export const PLAN_MAX_BYTES = { free: 5 * MB, premium: 30 * MB } as const;

export const DEFAULT_LIMITS: Omit<ExtractionLimits, 'maxBytes'> = {
  maxPixels: 50_000_000, // 50 MP: any real photo or 600 dpi A4 page fits
  maxPdfPages: 2000,
  ocrTimeoutMs: 60_000,
  rasteriseTimeoutMs: 30_000,
};
