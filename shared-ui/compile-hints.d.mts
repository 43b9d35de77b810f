import type { Plugin } from 'vite';

/** V8's explicit compile hint, as the first line of a chunk. */
export const COMPILE_HINT: string;
/** Chunks larger than this (bytes of code) get no hint. */
export const COMPILE_HINT_MAX_BYTES: number;

/**
 * Puts `//# allFunctionsCalledOnLoad` on the first line of every JavaScript chunk of a production
 * build up to `maxBytes`, so Chromium compiles it on a background thread as it loads.
 */
export function compileHints(options?: { maxBytes?: number }): Plugin;
