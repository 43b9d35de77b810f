import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { resetSession, type RemoteModule } from 'shared-ui';
import type { RuntimeConfig } from '../config/runtime-config';
import { RuntimeConfigContext } from '../config/RuntimeConfigContext';
import type { RemoteLoader } from '../federation/remote-registry';
import { RemoteLoaderContext } from '../federation/RemoteLoaderContext';
import { buildRoutes } from '../routing/build-routes';
import { buildRuntimeConfig } from '../../runtime-config';

export const testConfig: RuntimeConfig = buildRuntimeConfig({});

/** A loader whose remotes are in-memory modules; a remote missing from `modules` fails to load. */
export function fakeLoader(modules: Record<string, RemoteModule>): RemoteLoader & {
  load: jest.Mock;
  retry: jest.Mock;
} {
  return {
    load: jest.fn((name: string) => {
      const module = modules[name];
      return module ? Promise.resolve(module) : Promise.reject(new Error(`${name} is down`));
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

export function renderShell(path: string, loader: RemoteLoader, config = testConfig) {
  const router = createMemoryRouter(buildRoutes(config), { initialEntries: [path] });
  const view = render(
    <RuntimeConfigContext.Provider value={config}>
      <RemoteLoaderContext.Provider value={loader}>
        <RouterProvider router={router} />
      </RemoteLoaderContext.Provider>
    </RuntimeConfigContext.Provider>,
  );
  return { ...view, router };
}
