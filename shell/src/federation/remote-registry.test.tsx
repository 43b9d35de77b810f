import { act, fireEvent, screen } from '@testing-library/react';
import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteModule } from 'shared-ui';
import { mockApi, renderShell, testConfig } from '../testing/render-shell';
import { createRemoteLoader, LOAD_TIMEOUT_MS, RemoteTimeoutError } from './remote-registry';

// A remote whose server accepts the connection and never answers: the runtime's load never
// settles. The loader gives up after LOAD_TIMEOUT_MS, so its pages show the fallback with Retry
// as a dead remote's do, and Retry registers it again and loads afresh.
jest.mock('@module-federation/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const load = loadRemote as jest.Mock;
const register = registerRemotes as jest.Mock;
const never = () => new Promise<never>(() => undefined);
const billing: RemoteModule = {
  routes: [
    { path: '/pricing', element: <h1>Pricing</h1>, handle: { navbar: 'main', footer: 'main' } },
  ],
};

beforeEach(() => {
  jest.useFakeTimers();
  load.mockReset();
  register.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
});

it('fails a load that never settles after the bounded wait, and loads again on retry', async () => {
  load.mockImplementation(never);
  const loader = createRemoteLoader(testConfig.remotes);
  const outcome = loader.load('mfeBilling').then(
    () => 'loaded',
    (error: unknown) => error,
  );

  await act(async () => {
    await jest.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS - 1);
  });
  let settled = false;
  void outcome.then(() => (settled = true));
  await Promise.resolve();
  expect(settled).toBe(false);

  await act(async () => {
    await jest.advanceTimersByTimeAsync(1);
  });
  expect(await outcome).toBeInstanceOf(RemoteTimeoutError);
  expect(jest.getTimerCount()).toBe(0);

  // The remote answers again: Retry re-registers it (force) and the next load succeeds.
  load.mockResolvedValue(billing);
  loader.retry('mfeBilling');
  expect(register).toHaveBeenLastCalledWith(
    [{ name: 'mfeBilling', entry: expect.stringContaining('mf-manifest.json') as unknown }],
    { force: true },
  );
  await expect(loader.load('mfeBilling')).resolves.toBe(billing);
  expect(jest.getTimerCount()).toBe(0); // a load that settles clears its timer
});

it("shows a hanging remote's fallback with Retry after the wait, then its page on Retry", async () => {
  mockApi('pending'); // the session is not what this test is about
  load.mockImplementation(never);
  renderShell('/pricing', createRemoteLoader(testConfig.remotes));
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');

  await act(async () => {
    await jest.advanceTimersByTimeAsync(LOAD_TIMEOUT_MS);
  });
  expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();

  load.mockResolvedValue(billing);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await jest.advanceTimersByTimeAsync(0);
  });
  expect(screen.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
});
