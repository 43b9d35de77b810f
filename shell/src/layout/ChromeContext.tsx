import { createContext, useContext, useEffect } from 'react';
import { DEFAULT_CHROME, type RouteChrome } from 'shared-ui';

// Which navbar and footer the current page wants. A remote's route names it in its `handle`;
// the shell's own pages use the default.
export const ChromeContext = createContext<(chrome: RouteChrome) => void>(() => undefined);

export function useRouteChrome(chrome: RouteChrome = DEFAULT_CHROME): void {
  const setChrome = useContext(ChromeContext);
  useEffect(() => setChrome(chrome), [setChrome, chrome]);
}
