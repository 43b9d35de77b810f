import { Button, DEFAULT_CHROME, PageSection } from 'shared-ui';
import { useRouteChrome } from '../layout/ChromeContext';

/** Shown inside the normal layout when a remote cannot be loaded or crashed. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  useRouteChrome(DEFAULT_CHROME);
  return (
    <PageSection align="center" role="alert" aria-labelledby="remote-fallback-title">
      <h1 id="remote-fallback-title">This page could not be loaded</h1>
      <p>This part of the site is temporarily unavailable. The rest of the site still works.</p>
      <Button onClick={onRetry}>Retry</Button>
    </PageSection>
  );
}
