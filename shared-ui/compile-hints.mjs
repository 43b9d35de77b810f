// compileHints(): a Vite plugin that puts V8's explicit compile hint, `//# allFunctionsCalledOnLoad`,
// on the first line of every JavaScript chunk of a production build (issue 25). Without it V8
// compiles a function only when it is first called, on the main thread: the app's first render
// over the prerendered page ran mostly cold code (about 8 times as long as the same render run a
// second time) and was a phone's longest task. With the hint Chromium (136 and later) compiles
// the whole file while it streams in, on a background thread, so the first render runs compiled
// code. Other browsers read it as a comment. A chunk over `maxBytes` is left as it is: the large
// libraries loaded on demand (pdf.js, the comment filter's model runtime) would be compiled whole
// for the few functions a page calls. docs/benchmarks.md has the figures.

/** The comment, as V8 reads it (it must open the file). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Chunks larger than this (bytes of code) get no hint. */
export const COMPILE_HINT_MAX_BYTES = 256 * 1024;

/** @returns {import('vite').Plugin} */
export function compileHints({ maxBytes = COMPILE_HINT_MAX_BYTES } = {}) {
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // Last: after minification, which drops comments, and after Vite puts its preload map
      // (`const __vite__mapDeps=…`) at the top of a chunk. Chunks' names (hashes) are already fixed.
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.length > maxBytes) continue;
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
