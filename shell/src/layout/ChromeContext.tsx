import { createContext, useContext, useEffect } from 'react';
import type { RouteChrome } from 'shared-ui';

// Which navbar and footer the current page wants. A remote's route names it in its `handle`;
// the shell's own pages use the default.
export const ChromeContext = createContext<(chrome: RouteChrome) => void>(() => undefined);

/** Asks the layout for a chrome; undefined (a page still loading) keeps the current one. */
export function useRouteChrome(chrome: RouteChrome | undefined): void {
  const setChrome = useContext(ChromeContext);
  useEffect(() => {
    if (chrome) setChrome(chrome);
  }, [setChrome, chrome]);
}
