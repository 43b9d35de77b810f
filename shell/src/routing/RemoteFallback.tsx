import { Button, DEFAULT_CHROME, tokens } from 'shared-ui';
import { useRouteChrome } from '../layout/ChromeContext';
import styled from 'styled-components';

const StyledFallback = styled.section`
  max-width: ${tokens.layout.maxContent};
  margin: 0 auto;
  padding: ${tokens.space[8]} ${tokens.space[4]};
  text-align: center;
`;

/** Shown inside the normal layout when a remote cannot be loaded or crashed. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  useRouteChrome(DEFAULT_CHROME);
  return (
    <StyledFallback role="alert" aria-labelledby="remote-fallback-title">
      <h1 id="remote-fallback-title">This page could not be loaded</h1>
      <p>This part of the site is temporarily unavailable. The rest of the site still works.</p>
      <Button onClick={onRetry}>Retry</Button>
    </StyledFallback>
  );
}
