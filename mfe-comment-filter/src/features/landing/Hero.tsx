import type { ReactNode } from 'react';
import { MOBILE_BREAKPOINT_PX, tokens } from 'shared-ui';
import styled from 'styled-components';
import { StoreListingBadge } from './StoreListingBadge';

export const HEADLINE = 'Comment filter: see the positive comments first';

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
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space[3]} ${tokens.space[4]};
`;

/** The top of the landing: what the extension does, for whom, and the store badge. */
export function Hero({ demo }: { demo?: ReactNode }) {
  return (
    <StyledHero aria-labelledby="hero-title" $withDemo={demo !== undefined}>
      <div>
        <h1 id="hero-title">{HEADLINE}</h1>
        <StyledLead>
          A browser extension for YouTube that highlights the positive comments under a video, so
          the thanks, the praise and the helpful tips stand out from the rest of the thread.
        </StyledLead>
        <p>
          For everyone who reads the comments under videos: viewers looking for the replies worth
          reading, learners checking whether a tutorial worked for others, and creators reading what
          their audience liked.
        </p>
        <StyledActions>
          <StoreListingBadge />
          <a href="#demo">Try the live demo</a>
        </StyledActions>
      </div>
      {demo}
    </StyledHero>
  );
}
