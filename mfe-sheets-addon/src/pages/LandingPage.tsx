import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  keptPlace,
  loginFromHere,
  PageMeta,
  PageSection,
  platformConfig,
  useSession,
} from 'shared-ui';
import { DemoVideo, FaqList } from 'shared-ui/landing';
import { FAQ_ITEMS } from '../features/faq/faq-items';
import { AddonHero, HEADLINE } from '../features/landing/AddonHero';
import { demoVideo } from '../features/landing/demo-video';
import { Sections } from '../features/landing/Sections';

export const LANDING_META = {
  title: `${HEADLINE} | PDF to Sheets`,
  description:
    'A Google Sheets add-on that puts the tables of PDFs, scans, phone photos and invoices into your spreadsheet. 5 free credits per month.',
};

const DEMO_DESCRIPTION =
  'Demo: a PDF’s table read into an editable grid and downloaded as CSV, with the converter on this page.';

type Props = {
  /** The web converter, shown after the hero to signed-in people (mounted by its own feature). */
  tool?: ReactNode;
};

/** /pdf-to-sheets-extension: the add-on's landing (spec §1, §2). */
export function LandingPage({ tool }: Props) {
  const user = useSession();
  const location = useLocation();
  // With a converter to offer, visitors can sign in to use it on the web. While the session is
  // not known (and in the prerendered page) the button's place is kept, hidden, so a visitor's
  // page does not move when it appears.
  const pending = user === undefined;
  const tryOnWeb =
    tool !== undefined && (user === null || pending) ? (
      <Button variant="secondary" onClick={() => loginFromHere(location)} {...keptPlace(pending)}>
        Try it on the web
      </Button>
    ) : undefined;
  return (
    <PageSection as="div" spacing="compact">
      <PageMeta {...LANDING_META} />
      <AddonHero
        actions={tryOnWeb}
        {...(demoVideo
          ? { demo: <DemoVideo {...demoVideo} description={DEMO_DESCRIPTION} /> }
          : {})}
      />
      {user && tool !== undefined && (
        <section id="converter" aria-label="Converter">
          {tool}
        </section>
      )}
      <Sections
        faq={
          <FaqList
            items={FAQ_ITEMS}
            headingLevel={3}
            listingUrl={platformConfig().addonListingUrl}
          />
        }
      />
    </PageSection>
  );
}
