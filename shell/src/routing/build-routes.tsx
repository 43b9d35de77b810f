import type { RouteObject } from 'react-router-dom';
import type { RuntimeConfig } from '../config/runtime-config';
import { Layout } from '../layout/Layout';
import { NotFound } from '../pages/NotFound';
import { RemoteOutlet } from './RemoteOutlet';

/** Every configured remote path becomes a route of the shell; anything else is the 404 page. */
export function buildRoutes(config: RuntimeConfig): RouteObject[] {
  const remoteRoutes = config.remotes.flatMap((remote) =>
    remote.routes.map((path) => ({
      path,
      element: <RemoteOutlet key={path} remote={remote.name} path={path} />,
    })),
  );
  return [
    { element: <Layout />, children: [...remoteRoutes, { path: '*', element: <NotFound /> }] },
  ];
}
