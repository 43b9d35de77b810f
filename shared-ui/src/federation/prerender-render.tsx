// Server side of the build-time prerender (shared-ui/prerender.mjs): one route's page rendered to
// HTML with the CSS of its styled-components. Bundled for Node by that build only; never part of
// a browser bundle.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';

import { takeServerMeta } from '../meta/PageMeta';

export { configurePlatform } from '../platform/platform-config';

/**
 * `element` rendered at `location` as the page's HTML and its styled-components' style tags
 * (`<style data-styled …>`, which the browser's styled-components adopts when it starts), and
 * the title and description its PageMeta gave.
 */
export function renderRoute(
  element: ReactNode,
  location: string,
): { html: string; css: string; title?: string; description?: string } {
  const sheet = new ServerStyleSheet();
  takeServerMeta();
  try {
    const html = renderToString(
      sheet.collectStyles(<StaticRouter location={location}>{element}</StaticRouter>),
    );
    return {
      html,
      css: sheet.getStyleTags(),
      ...takeServerMeta(),
    };
  } finally {
    sheet.seal();
  }
}
