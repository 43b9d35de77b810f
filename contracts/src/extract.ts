// POST /api/extract (spec §3 'Extract request', §7).

export type ExtractRequest = {
  /** The file as base64 (a data: URL prefix is accepted); exactly one of the two. */
  base64Image?: string;
  base64Pdf?: string;
  /** PDFs: the page to read, from 1. */
  pageToExtract?: number;
  /** '' or absent: the original language; otherwise the code of the language to translate into. */
  language?: string;
  searchTerm?: string | null;
  keyword?: string | null;
};

const MB = 1024 * 1024;

/** The largest file of each plan (spec §9): the server enforces it, the tool checks it first. */
export const PLAN_MAX_BYTES = { free: 5 * MB, premium: 30 * MB } as const;

/** The largest file a person's plan takes (signed out: the free plan's). */
export const planMaxBytes = (user: { isPremium?: boolean } | null | undefined): number =>
  user?.isPremium ? PLAN_MAX_BYTES.premium : PLAN_MAX_BYTES.free;

/** IMAGE_SIZE_EXCEED's message for a limit of `limitBytes`. */
export const fileTooLargeMessage = (limitBytes: number): string =>
  `File is larger than the ${String(Math.round(limitBytes / MB))}MB limit of your plan.`;

/** The text shown, and sent, when a file holds no text. */
export const NO_TEXT_FOUND = 'No text found';

export type ExtractResponse = {
  /** The text, or NO_TEXT_FOUND (spec §7 keeps this sentinel on the wire). */
  extractedText: string;
  /** Whether any text was found: false exactly when extractedText is NO_TEXT_FOUND. */
  found: boolean;
};

export type EngineKind = 'local' | 'vision';
export type EngineMode = 'local' | 'vision' | 'auto';
export type EngineDescription = { kind: EngineKind; name: string };
/** GET /api/engines: which engines read the pages, for the page's 'Powered by' line. */
export type EnginesResponse = { mode: EngineMode; engines: EngineDescription[] };

/**
 * GET /api/usage (signed in): today's extractions (UTC day), for the count beside the tool.
 * Premium plans have no daily limit; the free plan's limit includes the feedback bonus once given.
 */
export type DailyUsageResponse =
  | { unlimited: true }
  | { unlimited: false; limit: number; used: number; remaining: number; day: string };
