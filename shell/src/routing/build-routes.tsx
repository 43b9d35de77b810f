import { useLocation, type RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '../config/runtime-config';
import { Layout } from '../layout/Layout';
import { NotFound } from '../pages/NotFound';
import { RemoteOutlet } from './RemoteOutlet';

type RemotePage = { remote: string; path: string };

/**
 * A pathname as the router compares it: decoded, in lower case (its routes are not
 * case-sensitive), without a trailing slash.
 */
export function routeKey(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // malformed escapes: compared as sent
  }
  return decoded.toLowerCase().replace(/(.)\/+$/, '$1');
}

/** The page for the current location: its remote's, or the 404 page. */
function RemotePageAt({ pages }: { pages: ReadonlyMap<string, RemotePage> }) {
  const page = pages.get(routeKey(useLocation().pathname));
  if (!page) return <NotFound />;
  return <RemoteOutlet key={page.path} remote={page.remote} path={page.path} />;
}

/**
 * Every configured remote path is a page of the shell; anything else is the 404 page. One route
 * under the layout looks the path up in a map: the router matching and ranking thirty-odd routes
 * on every render was a fifth of the first render's time on a phone (docs/benchmarks.md).
 */
export function buildRoutes(config: RuntimeConfig): RouteObject[] {
  const pages = new Map<string, RemotePage>();
  for (const remote of config.remotes) {
    for (const path of remote.routes) {
      const key = routeKey(path);
      if (!pages.has(key)) pages.set(key, { remote: remote.name, path });
    }
  }
  return [
    { element: <Layout />, children: [{ path: '*', element: <RemotePageAt pages={pages} /> }] },
  ];
}
