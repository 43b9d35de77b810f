import { useLocation } from 'react-router-dom';
import {
  Button,
  CarryLink,
  keptPlace,
  loginFromHere,
  MOBILE_BREAKPOINT_PX,
  tokens,
} from 'shared-ui';
import styled from 'styled-components';
import { PoweredBy } from '../../common/PoweredBy';
import { DemoImage } from './DemoImage';

const StyledHero = styled.section`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${tokens.space[6]};
  align-items: center;
  padding: ${tokens.space[6]} 0;
  @media (max-width: ${MOBILE_BREAKPOINT_PX}px) {
    grid-template-columns: 1fr;
  }
`;
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space[3]} ${tokens.space[4]};
`;

/**
 * The visitor's top of the landing: the title, what the tool does, sign-in, and the demo.
 * `pending`: the session is not known yet (and in the page's prerendered HTML): the same hero,
 * its buttons' place kept but empty, so a visitor's page does not move when they appear.
 */
export function VisitorHero({ title, pending = false }: { title: string; pending?: boolean }) {
  const location = useLocation();
  return (
    <StyledHero aria-labelledby="hero-title">
      <div>
        <h1 id="hero-title">{title}</h1>
        <p>
          Upload an image or PDF, or take a photo, and get neatly formatted text, in its own
          language or translated. Private and ad-free.
        </p>
        {pending && (
          <p role="status" className="visually-hidden">
            Loading…
          </p>
        )}
        <StyledActions {...keptPlace(pending)}>
          <Button onClick={() => loginFromHere(location)}>Try for free</Button>
          <CarryLink to="/pdf-to-sheets-extension">
            Tables and invoices? Try our spreadsheet add-on
          </CarryLink>
        </StyledActions>
        <PoweredBy />
      </div>
      <DemoImage />
    </StyledHero>
  );
}
