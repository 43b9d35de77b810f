import type { ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX, tokens } from 'shared-ui';
import styled from 'styled-components';
import { MarketplaceBadge } from './MarketplaceBadge';

export const HEADLINE = 'Convert PDF to Google Sheets in 1 Click';

const StyledHero = styled.section<{ $withDemo: boolean }>`
  display: grid;
  grid-template-columns: ${({ $withDemo }) =>
    $withDemo ? 'minmax(0, 1fr) minmax(0, 1fr)' : 'minmax(0, 1fr)'};
  gap: ${tokens.space[6]};
  align-items: center;
  padding: ${tokens.space[6]} 0;
  @media (max-width: ${MOBILE_BREAKPOINT_PX}px) {
    grid-template-columns: 1fr;
  }
  h1 {
    margin-top: 0;
  }
`;
const StyledLead = styled.p`
  font-size: 1.15rem;
  max-width: 40rem;
`;
const StyledUsers = styled.p`
  color: ${tokens.color.textMuted};
  font-weight: 600;
`;
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space[3]} ${tokens.space[4]};
`;

type Props = {
  /** The demo recording, beside the words on a wide screen; none until it is recorded. */
  demo?: ReactNode;
  /** More actions after the marketplace badge (the web converter's sign-in). */
  actions?: ReactNode;
};

/** The top of the add-on landing: the headline, who uses it, and the marketplace badge. */
export function AddonHero({ demo, actions }: Props) {
  return (
    <StyledHero aria-labelledby="hero-title" $withDemo={demo !== undefined}>
      <div>
        <h1 id="hero-title">{HEADLINE}</h1>
        <StyledLead>
          Tables from PDFs, scans and phone photos go straight into your spreadsheet, row by row,
          from a sidebar in Google Sheets. Invoices too.
        </StyledLead>
        <StyledUsers>Used by 150+ professionals</StyledUsers>
        <StyledActions>
          <MarketplaceBadge />
          {actions}
        </StyledActions>
      </div>
      {demo}
    </StyledHero>
  );
}
