import { CarryLink, PageMeta, PageSection, platformConfig } from 'shared-ui';
import { FaqList } from 'shared-ui/landing';
import { FAQ_ITEMS } from '../features/faq/faq-items';

export const FAQ_META = {
  title: 'FAQ | PDF to Sheets',
  description:
    'Questions about the PDF to Sheets add-on: the files it reads, credits, file sizes, privacy, refunds, and how to install and use it in Google Sheets.',
};

/** /sheets-extension-faq: the add-on's questions, the same ones as the landing's FAQ section. */
export function FaqPage() {
  return (
    <PageSection as="article" width="prose" aria-labelledby="faq-page-title">
      <PageMeta {...FAQ_META} />
      <h1 id="faq-page-title">FAQ</h1>
      <p>Answers about the PDF to Sheets add-on for Google Sheets.</p>
      <FaqList items={FAQ_ITEMS} headingLevel={2} listingUrl={platformConfig().addonListingUrl} />
      <p>
        Another question? <CarryLink to="/sheets-extension-contact-us">Contact us</CarryLink>.
      </p>
    </PageSection>
  );
}
