import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  CarryLink,
  loginFromHere,
  MOBILE_BREAKPOINT_PX,
  tokens,
  useSession,
} from 'shared-ui';
import styled from 'styled-components';
import { useLanguages } from '../tool/useLanguages';
import { DemoImage } from './DemoImage';
import { pickHeadline } from './headlines';
import { PoweredBy } from './PoweredBy';
import { Sections } from './Sections';

// The tool is for signed-in people only: visitors' first page does not download it.
const ExtractTool = lazy(() =>
  import('../tool/ExtractTool').then((module) => ({ default: module.ExtractTool })),
);

const StyledPage = styled.div`
  max-width: ${tokens.layout.maxContent};
  margin: 0 auto;
  padding: ${tokens.space[6]} ${tokens.space[4]};
`;
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
const StyledBanner = styled.p`
  display: inline-block;
  background: ${tokens.color.surface};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  padding: ${tokens.space[1]} ${tokens.space[3]};
  font-weight: 600;
`;

const isMobile = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(`(max-width: ${String(MOBILE_BREAKPOINT_PX)}px)`).matches;

type Props = { variant: 'home' | 'handwriting' };

const VISITOR_TITLE = {
  home: 'Extract text from images, handwriting and PDFs',
  handwriting: 'Handwriting to text, in seconds',
};

/** / and /handwriting-ocr: the landing for visitors, the tool for signed-in people (spec §2). */
export function HomePage({ variant }: Props) {
  const user = useSession();
  const location = useLocation();
  const languages = useLanguages();
  const [headline] = useState(() => pickHeadline(isMobile()));

  let top;
  if (user === undefined) {
    top = (
      <section aria-labelledby="hero-title">
        <h1 id="hero-title">{VISITOR_TITLE[variant]}</h1>
        <p role="status">Loading…</p>
      </section>
    );
  } else if (user === null) {
    top = (
      <StyledHero aria-labelledby="hero-title">
        <div>
          <h1 id="hero-title">{VISITOR_TITLE[variant]}</h1>
          <p>
            Upload an image or PDF, or take a photo, and get neatly formatted text, in its own
            language or translated. Private and ad-free.
          </p>
          <StyledActions>
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
  } else {
    const plan = user.isPremium
      ? user.planType === 'Lifetime'
        ? 'Lifetime plan'
        : user.planType
      : 'Try 5 extractions free';
    top = (
      <section aria-labelledby="tool-title">
        <h1 id="tool-title">{headline}</h1>
        <StyledBanner>{plan}</StyledBanner>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <ExtractTool user={user} />
        </Suspense>
        <PoweredBy />
      </section>
    );
  }
  return (
    <StyledPage>
      {top}
      <Sections languageCount={languages.length} />
    </StyledPage>
  );
}
