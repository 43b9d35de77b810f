import { render } from '@testing-library/react';
import { useMemo } from 'react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { resetSession, type RemoteModule } from 'shared-ui';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigContext } from '../config/RuntimeConfigContext';
import type { RemoteLoader } from '../federation/remote-registry';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import { buildRoutes } from '../routing/build-routes';
import { buildRuntimeConfig } from 'contracts';

export const testConfig: RuntimeConfig = buildRuntimeConfig({});

/**
 * A loader whose remotes are in-memory modules; a remote missing from `modules` fails to load.
 * With `settleOnce`, only the first load of a remote settles (later ones hang), so a page can only
 * show at once if the shell uses what already loaded.
 */
export function fakeLoader(
  modules: Record<string, RemoteModule>,
  { settleOnce = false } = {},
): RemoteLoader & { load: jest.Mock; retry: jest.Mock } {
  const loaded = new Map<string, RemoteModule>();
  return {
    peek: (name) => loaded.get(name),
    takeFailure: () => undefined,
    load: jest.fn((name: string) => {
      if (settleOnce && loaded.has(name)) return new Promise<RemoteModule>(() => undefined);
      const module = modules[name];
      if (!module) return Promise.reject(new Error(`${name} is down`));
      loaded.set(name, module);
      return Promise.resolve(module);
    }),
    retry: jest.fn(),
  };
}

export type MeAnswer = { user?: unknown } | 'error' | 'pending';

/** Answers GET /api/me as told (other calls fail) and returns the fetch mock. */
export function mockApi(me: MeAnswer): jest.Mock {
  resetSession();
  const fetchMock = jest.fn((url: string) => {
    if (url.endsWith('/api/me')) {
      if (me === 'pending') return new Promise(() => undefined);
      if (me === 'error') return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(me) });
    }
    return Promise.resolve({ ok: false, status: 404, json: () => Promise.resolve({}) });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

// The app mounts the same route objects with useRoutes (main.tsx), in a BrowserRouter.
function AppRoutes({ config }: { config: RuntimeConfig }) {
  const routes = useMemo(() => buildRoutes(config), [config]);
  return useRoutes(routes);
}

export function renderShell(path: string, loader: RemoteLoader, config = testConfig) {
  return render(
    <RuntimeConfigContext.Provider value={config}>
      <RemoteLoaderContext.Provider value={loader}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes config={config} />
        </MemoryRouter>
      </RemoteLoaderContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
}
