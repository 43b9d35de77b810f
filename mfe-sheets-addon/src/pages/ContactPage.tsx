// TODO(meta): issue 22 item 1, the page's own title and description once shared-ui has PageMeta.
import { ContactForm, PageSection } from 'shared-ui';

/** /sheets-extension-contact-us (spec §2): the shared contact form, stored as the add-on's. */
export function ContactPage() {
  return (
    <PageSection width="form" aria-labelledby="addon-contact-title">
      <h1 id="addon-contact-title">Contact Us</h1>
      <p>
        Questions about the PDF to Sheets add-on, your credits or a payment? Write to us and we will
        answer by email.
      </p>
      <ContactForm surface="sheets-addon" />
    </PageSection>
  );
}
