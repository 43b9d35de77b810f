import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { REMOTES } from 'contracts';
import type { RemoteRoute } from 'shared-ui';

// The registry (contracts/src/remotes.ts) says which paths each remote owns; the routes that each
// remote's folder exports (<folder>/src/routes.tsx, what it exposes as './routes') must serve
// exactly those, each with a navbar/footer choice. A remote added to the registry is checked here
// without editing this file.
const exportedRoutes = (folder: string): RemoteRoute[] =>
  jest.requireActual<{ routes: RemoteRoute[] }>(`../../../${folder}/src/routes`).routes;

describe.each(REMOTES.map((r) => [r.name, r.folder, r.routes] as const))(
  'remote %s',
  (_name, folder, paths) => {
    const routes = exportedRoutes(folder);

    it('exports exactly the paths the shell routes to it', () => {
      expect(routes.map((r) => r.path).sort()).toEqual([...paths].sort());
    });

    it.each(paths)('renders %s with a heading and names its chrome', (path) => {
      const route = routes.find((r) => r.path === path);
      expect(['main', 'new-user', 'addon', 'none']).toContain(route?.handle.navbar);
      expect(['main', 'addon']).toContain(route?.handle.footer);
      render(<MemoryRouter>{route?.element}</MemoryRouter>);
      expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    });
  },
);

it('gives every path to exactly one remote', () => {
  const all = REMOTES.flatMap((r) => r.routes);
  expect(new Set(all).size).toBe(all.length);
});
