import { Button, tokens } from 'shared-ui';
import styled from 'styled-components';
import type { Resource } from './useApiResource';

const StyledAlert = styled.div`
  border: 1px solid ${tokens.color.error};
  border-radius: ${tokens.radius.sm};
  padding: ${tokens.space[4]};
  color: ${tokens.color.error};
  p {
    margin: 0 0 ${tokens.space[3]};
  }
`;

/**
 * What a page shows while its data loads ('Loading …', announced) or when the API failed (what
 * failed, why, and Retry). Renders nothing once the data is there.
 */
export function LoadState<T>({
  resource,
  what,
  retry,
  placeholder = false,
}: {
  resource: Resource<T>;
  /** e.g. 'plans', 'your payments'. */
  what: string;
  retry: () => void;
  /** The page lays out a placeholder meanwhile: 'Loading …' is announced, not shown. */
  placeholder?: boolean;
}) {
  if (resource.status === 'loading') {
    return (
      <p role="status" className={placeholder ? 'visually-hidden' : undefined}>
        Loading {what}…
      </p>
    );
  }
  if (resource.status === 'error') {
    return (
      <StyledAlert role="alert">
        <p>
          We could not load {what}. {resource.message} Please try again.
        </p>
        <Button variant="secondary" onClick={retry}>
          Retry
        </Button>
      </StyledAlert>
    );
  }
  return null;
}
