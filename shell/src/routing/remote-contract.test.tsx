import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RemoteRoute } from 'shared-ui';
import { routes as billing } from '../../../mfe-billing/src/routes';
import { routes as commentFilter } from '../../../mfe-comment-filter/src/routes';
import { routes as sheetsAddon } from '../../../mfe-sheets-addon/src/routes';
import { routes as textOcr } from '../../../mfe-text-ocr/src/routes';
import { REMOTES } from '../../runtime-config';

// The shell's configuration says which paths each remote owns; each remote's exported routes
// must serve exactly those, each with a navbar/footer choice.
const exported: Record<string, RemoteRoute[]> = {
  mfeTextOcr: textOcr,
  mfeSheetsAddon: sheetsAddon,
  mfeCommentFilter: commentFilter,
  mfeBilling: billing,
};

describe.each(REMOTES.map((r) => [r.name, r.routes] as const))('remote %s', (name, paths) => {
  const routes = exported[name] ?? [];

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
});

it('gives every path to exactly one remote', () => {
  const all = REMOTES.flatMap((r) => r.routes);
  expect(new Set(all).size).toBe(all.length);
});
