import { tokens } from 'shared-ui';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to {
    transform: rotate(360deg);
  }
`;
const StyledProgress = styled.p`
  display: flex;
  align-items: center;
  gap: ${tokens.space[2]};
  margin: 0;
  font-weight: 600;
`;
const StyledSpinner = styled.span`
  width: 1.25rem;
  height: 1.25rem;
  border-radius: 50%;
  border: 3px solid ${tokens.color.border};
  border-top-color: ${tokens.color.primary};
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

/** The progress indication while a request runs: a spinner and a status for screen readers. */
export function ExtractProgress() {
  return (
    <StyledProgress role="status">
      <StyledSpinner aria-hidden="true" />
      Extracting text…
    </StyledProgress>
  );
}
