import { useRemoteModule } from '../federation/useRemoteModule';
import { useRouteChrome } from '../layout/ChromeContext';
import { NotFound } from '../pages/NotFound';
import { ErrorBoundary } from './ErrorBoundary';
import { RemoteFallback } from './RemoteFallback';

type Props = { remote: string; path: string };

/** Renders the page a remote exports for `path`, with loading, fallback and retry. */
export function RemoteOutlet({ remote, path }: Props) {
  const { state, retry } = useRemoteModule(remote);
  const route =
    state.status === 'ready' ? state.module.routes.find((r) => r.path === path) : undefined;
  useRouteChrome(route?.handle);

  if (state.status === 'loading') {
    return (
      <p role="status" aria-live="polite" style={{ padding: '2rem', textAlign: 'center' }}>
        Loading…
      </p>
    );
  }
  if (state.status === 'failed') return <RemoteFallback onRetry={retry} />;
  // The configuration routes a path to a remote whose deployed version does not serve it.
  if (!route) return <NotFound />;
  return (
    <ErrorBoundary
      fallback={(reset) => (
        <RemoteFallback
          onRetry={() => {
            retry();
            reset();
          }}
        />
      )}
    >
      {route.element}
    </ErrorBoundary>
  );
}
