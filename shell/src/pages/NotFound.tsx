import { CarryLink, DEFAULT_CHROME, PageSection } from 'shared-ui';
import { useRouteChrome } from '../layout/ChromeContext';

export function NotFound() {
  useRouteChrome(DEFAULT_CHROME);
  return (
    <PageSection align="center" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <CarryLink to="/">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" focusable="false">
          <path fill="currentColor" d="M12 3 2 12h3v8h6v-6h2v6h6v-8h3z" />
        </svg>{' '}
        Return to Home
      </CarryLink>
    </PageSection>
  );
}
