import { CarryLink, LegalPage } from 'shared-ui';
import { LEGAL_LAST_UPDATED } from './legal-dates';

/** /terms-of-service (spec §2). */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" lastUpdated={LEGAL_LAST_UPDATED}>
      <h2>1. The service</h2>
      <p>
        We provide a web tool that extracts text from images, PDFs and camera photos, optionally
        translated; a spreadsheet add-on for tables and invoices; and a browser extension for a
        video platform that highlights positive comments. By using any of them you accept these
        terms.
      </p>
      <h2>2. Your account</h2>
      <p>
        You sign in with a Google account. Keep it secure; you are responsible for what is done with
        it. You must be old enough to form a binding contract where you live.
      </p>
      <h2>3. Plans and limits</h2>
      <p>
        The free plan allows 5 extractions per day and images up to 5 MB; your first feedback adds 5
        extractions for that day. Pro plans (weekly, monthly, yearly) and the lifetime plan remove
        the daily limit and accept files up to 30 MB. Plans do not renew automatically unless the
        checkout says otherwise. The add-on has its own credits and prices.
      </p>
      <h2>4. Payments and refunds</h2>
      <p>
        Payments go through a merchant-of-record checkout, which sells the plans on our behalf, or
        through our card and wallet payment providers. Refunds are described in the{' '}
        <CarryLink to="/refund-policy">Refund Policy</CarryLink>: within 24 hours of purchase with
        at most 10 extractions after the upgrade, duplicate payments, or a wrong plan bought and not
        used. Yearly and lifetime plans, and the comment-filter extension&apos;s premium plans, may
        be refunded within 30 days.
      </p>
      <h2>5. Acceptable use</h2>
      <p>
        Do not upload material you have no right to process, malware, or files meant to disrupt the
        service; do not try to get around limits or automate the tool beyond normal use. We may
        suspend accounts that do.
      </p>
      <h2>6. Your content</h2>
      <p>
        Your files and the extracted text remain yours. We process a file only to answer your
        request and delete it when the request ends (see the{' '}
        <CarryLink to="/privacy-policy">Privacy Policy</CarryLink>).
      </p>
      <h2>7. Accuracy</h2>
      <p>
        Text recognition is never perfect, least of all on handwriting and poor photos. Check the
        result before relying on it. The service is provided as is, without warranties, and our
        liability is limited to what you paid us in the last 12 months, as far as the law allows.
      </p>
      <h2>8. Changes and contact</h2>
      <p>
        We may update these terms and will change the date above when we do. Questions:{' '}
        <CarryLink to="/contact-us">Contact Us</CarryLink>.
      </p>
    </LegalPage>
  );
}
