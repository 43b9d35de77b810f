import { ContactForm, PageMeta, PageSection } from 'shared-ui';

export const CONTACT_META = {
  title: 'Contact Us | PDF to Sheets',
  description:
    'Write to the PDF to Sheets team about the Google Sheets add-on, your credits or a payment; we answer by email.',
};

/** /sheets-extension-contact-us (spec §2): the shared contact form, stored as the add-on's. */
export function ContactPage() {
  return (
    <PageSection width="form" aria-labelledby="addon-contact-title">
      <PageMeta {...CONTACT_META} />
      <h1 id="addon-contact-title">Contact Us</h1>
      <p>
        Questions about the PDF to Sheets add-on, your credits or a payment? Write to us and we will
        answer by email.
      </p>
      <ContactForm surface="sheets-addon" />
    </PageSection>
  );
}
