import { Button, CarryLink, openFeedbackPopup, tokens } from 'shared-ui';
import styled from 'styled-components';
import type { ExtractFailure } from './extract-api';

// The error texts of spec §8 'Extraction' as the result pane shows them.
export const StyledError = styled.div`
  color: ${tokens.color.error};
  p {
    margin: 0 0 ${tokens.space[2]};
  }
`;
// The pricing link looks like the spec's 'Upgrade to Pro' button; it stays a link because it
// navigates (and carries aff and the other tracking parameters).
const StyledUpgrade = styled(CarryLink)`
  display: inline-block;
  padding: ${tokens.space[2]} ${tokens.space[4]};
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.primary};
  color: ${tokens.color.onPrimary};
  text-decoration: none;
  font-weight: 600;
  &:hover {
    background: ${tokens.color.primaryHover};
  }
`;

export function FailureMessage({ failure }: { failure: ExtractFailure }) {
  if (failure.kind === 'size') {
    return (
      <StyledError role="alert">
        <p>{failure.text}</p>
        <p>Upgrade to Pro - Upload upto 30mb!</p>
        <StyledUpgrade to="/pricing">Upgrade to Pro</StyledUpgrade>
      </StyledError>
    );
  }
  if (failure.kind === 'limit') {
    return (
      <StyledError role="alert">
        <p>You&apos;ve hit your free limit for today</p>
        <p>
          <CarryLink to="/pricing">Upgrade to Pro for unlimited extractions!</CarryLink>
        </p>
        {failure.feedbackOffer && (
          <Button variant="link" onClick={openFeedbackPopup}>
            OR Submit a quick feedback to get 5 more credits today
          </Button>
        )}
      </StyledError>
    );
  }
  return (
    <StyledError role="alert">
      <p>{failure.text}</p>
    </StyledError>
  );
}
