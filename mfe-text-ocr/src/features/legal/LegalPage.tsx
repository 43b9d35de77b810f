import type { ReactNode } from 'react';
import { tokens } from 'shared-ui';
import styled from 'styled-components';

export const LAST_UPDATED = 'July 30, 2025';

const StyledLegal = styled.article`
  max-width: 760px;
  margin: 0 auto;
  padding: ${tokens.space[8]} ${tokens.space[4]};
  line-height: 1.6;
`;

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StyledLegal aria-labelledby="legal-title">
      <h1 id="legal-title">{title}</h1>
      <p>
        <em>Last updated: {LAST_UPDATED}</em>
      </p>
      {children}
    </StyledLegal>
  );
}
