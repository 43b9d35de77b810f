import type { Plugin } from 'vite';

/**
 * Every styled component's id fixed at build time (babel-plugin-styled-components' `ssr`), so the
 * prerender's server build and the browser's chunks compute the same class names.
 */
export function styledIds(): Plugin;
