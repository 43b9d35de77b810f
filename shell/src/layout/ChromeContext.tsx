import { createContext, useContext, useLayoutEffect } from 'react';
import { DEFAULT_CHROME, type RouteChrome } from 'shared-ui';

// Which navbar and footer the current page wants. A remote's route names it in its `handle`;
// the shell's own pages use the default.
export const ChromeContext = createContext<(chrome: RouteChrome) => void>(() => undefined);

/** The chrome the layout starts with: the prerendered frame's (shell/src/prerender/chrome.tsx). */
export const InitialChromeContext = createContext<RouteChrome>(DEFAULT_CHROME);

/**
 * Asks the layout for a chrome; undefined (a page still loading) keeps the current one. Set before
 * the browser paints, so a page never shows for a frame in another page's navbar and footer.
 */
export function useRouteChrome(chrome: RouteChrome | undefined): void {
  const setChrome = useContext(ChromeContext);
  useLayoutEffect(() => {
    if (chrome) setChrome(chrome);
  }, [setChrome, chrome]);
}
