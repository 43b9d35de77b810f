import { lazy, Suspense } from 'react';
import { PageSection, useSession } from 'shared-ui';
import { HomeRoute } from '../features/extension/HomeRoute';
import { Sections } from '../features/landing/Sections';
import { VisitorHero } from '../features/landing/VisitorHero';
import { useLanguages } from '../features/tool/useLanguages';

// The tool is for signed-in people only: visitors' first page does not download it.
const ToolSection = lazy(() =>
  import('../features/tool/ToolSection').then((module) => ({ default: module.ToolSection })),
);

type Props = { variant: 'home' | 'handwriting' };

const VISITOR_TITLE = {
  home: 'Extract text from images, handwriting and PDFs',
  handwriting: 'Handwriting to text, in seconds',
};

/**
 * / and /handwriting-ocr: the landing for visitors, the tool for signed-in people (spec §2);
 * the sign-in tab of the browser extension closes itself instead. (An ad click is recorded by
 * the shell's Layout, on every route.)
 */
export function HomePage({ variant }: Props) {
  return (
    <HomeRoute>
      <HomeContent variant={variant} />
    </HomeRoute>
  );
}

function HomeContent({ variant }: Props) {
  const user = useSession();
  const languages = useLanguages();
  let top;
  if (user === undefined) {
    // Also the prerendered page's (issue 25): a visitor's hero, its buttons' place kept.
    top = <VisitorHero title={VISITOR_TITLE[variant]} pending />;
  } else if (user === null) {
    top = <VisitorHero title={VISITOR_TITLE[variant]} />;
  } else {
    top = (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <ToolSection user={user} />
      </Suspense>
    );
  }
  return (
    <PageSection as="div" spacing="compact">
      {top}
      <Sections languageCount={languages.length} />
    </PageSection>
  );
}
