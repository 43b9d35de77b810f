import { screen } from '@testing-library/react';
import type { RemoteModule } from 'shared-ui';
import { fakeLoader, mockApi, renderShell } from '../testing/render-shell';
import { routeKey } from './build-routes';

const billing: RemoteModule = {
  routes: [
    {
      path: '/pricing',
      handle: { navbar: 'main', footer: 'main' },
      element: <h1>Pricing page</h1>,
    },
    { path: '/affiliate', handle: { navbar: 'main', footer: 'main' }, element: <h1>Affiliate</h1> },
  ],
};

describe("the shell's routes", () => {
  beforeEach(() => {
    mockApi({});
  });

  it.each(['/pricing', '/Pricing', '/pricing/', '/PRICING//', '/pricing?aff=x', '/pric%69ng'])(
    'shows the remote page for %s, as the router matched it (any case, a trailing slash)',
    async (path) => {
      const loader = fakeLoader({ mfeBilling: billing });
      renderShell(path, loader);
      expect(await screen.findByRole('heading', { level: 1, name: 'Pricing page' })).toBeTruthy();
      expect(loader.load).toHaveBeenCalledWith('mfeBilling');
    },
  );

  it.each(['/pricing/x', '/pricingx', '/nope', '/%E0%A4%A'])(
    'shows the 404 page for %s, loading no remote',
    async (path) => {
      const loader = fakeLoader({ mfeBilling: billing });
      renderShell(path, loader);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
      expect(loader.load).not.toHaveBeenCalled();
    },
  );

  it('keys a path the way the router compares it', () => {
    expect(routeKey('/')).toBe('/');
    expect(routeKey('/A/B/')).toBe('/a/b');
    expect(routeKey('/caf%C3%A9')).toBe('/café');
    expect(routeKey('/%E0%A4%A')).toBe('/%e0%a4%a');
  });
});
