import { tokens } from 'shared-ui';
import styled from 'styled-components';

export const StyledBanner = styled.aside`
  border-radius: ${tokens.radius.md};
  border: 1px solid ${tokens.color.border};
  background: ${tokens.color.surface};
  padding: ${tokens.space[4]};
  margin-bottom: ${tokens.space[6]};
  h2 {
    margin: 0 0 ${tokens.space[2]};
    font-size: 1.1rem;
  }
  p {
    margin: 0;
  }
`;

/** Shown instead of offers on the pricing pages opened from the extension (`?source=extension`). */
export function MaintenanceBanner() {
  return (
    <StyledBanner aria-labelledby="maintenance-title">
      <h2 id="maintenance-title">Scheduled maintenance</h2>
      <p>
        We are improving purchases from the extension, so some options may be unavailable for a
        short while. Your current plan keeps working. Thank you for your patience.
      </p>
    </StyledBanner>
  );
}
