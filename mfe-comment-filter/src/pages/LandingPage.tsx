import { PageMeta, PageSection, platformConfig } from 'shared-ui';
import { DemoVideo, FaqList } from 'shared-ui/landing';
import { LiveDemo } from '../features/demo/LiveDemo';
import type { Classifier } from '../features/demo/load-classifier';
import { FAQ_ITEMS } from '../features/faq/faq-items';
import { demoVideo } from '../features/landing/demo-video';
import { HEADLINE, Hero } from '../features/landing/Hero';
import { AboutSections, PolicySections } from '../features/landing/Sections';

export const LANDING_META = {
  title: `${HEADLINE} | Comment filter`,
  description:
    'A browser extension that highlights the positive comments under YouTube videos, at the strictness you choose. Try its classifier live on this page.',
};

const DEMO_DESCRIPTION =
  'Demo: the live demo on this page highlighting the positive comments of a thread, at two strictness levels, positive first, then with comments pasted in.';

type Props = {
  /** The live demo's classifier; by default its own chunk, fetched when the demo comes near the viewport. */
  loadClassifier?: () => Promise<Classifier>;
};

/** /yt-comment-filter: the comment-filter extension's landing, with its live demo (spec §1, §2). */
export function LandingPage({ loadClassifier }: Props) {
  return (
    <PageSection as="div" spacing="compact">
      <PageMeta {...LANDING_META} />
      <Hero
        {...(demoVideo
          ? { demo: <DemoVideo {...demoVideo} description={DEMO_DESCRIPTION} /> }
          : {})}
      />
      <AboutSections />
      <LiveDemo {...(loadClassifier ? { load: loadClassifier } : {})} />
      <PolicySections
        faq={
          <FaqList
            items={FAQ_ITEMS}
            headingLevel={3}
            listingUrl={platformConfig().commentFilterListingUrl}
          />
        }
      />
    </PageSection>
  );
}
