// styledIds(): a Vite plugin giving every styled component an id fixed at build time (its
// package's name, its file's path and its place in the file: babel-plugin-styled-components'
// `ssr` option), in place of styled-components' run-time count, which follows the order modules
// happen to run in and so differs between the prerender's server build and the browser's
// federated chunks. With the same ids the two compute the same class names, so the browser's
// styled-components finds the prerendered page's CSS rules already there when the app takes
// over, instead of compiling and inserting them again. Only files that import styled-components
// are transformed.
import { transformAsync } from '@babel/core';

const SOURCE = /\.[cm]?[jt]sx?$/;

/** @returns {import('vite').Plugin} */
export function styledIds() {
  return {
    name: 'styled-ids',
    enforce: 'pre',
    async transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!SOURCE.test(file) || file.includes('/node_modules/')) return null;
      if (!code.includes('styled-components')) return null;
      const result = await transformAsync(code, {
        filename: file,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        plugins: [
          ['@babel/plugin-syntax-typescript', { isTSX: file.endsWith('x') }],
          [
            'babel-plugin-styled-components',
            {
              ssr: true,
              displayName: false,
              fileName: false,
              minify: false,
              transpileTemplateLiterals: false,
              pure: false,
            },
          ],
        ],
      });
      return result?.code ? { code: result.code, map: result.map } : null;
    },
  };
}
