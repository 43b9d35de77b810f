import { ContactForm, PageSection } from 'shared-ui';

/** /contact-us (spec §2, §3). */
export function ContactPage() {
  return (
    <PageSection width="form" aria-labelledby="contact-title">
      <h1 id="contact-title">Contact Us</h1>
      <p>Questions about reading your documents, your plan or a payment? Write to us.</p>
      <ContactForm surface="text-ocr" />
    </PageSection>
  );
}
