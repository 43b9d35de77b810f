import { CarryLink, LegalPage, PageMeta } from 'shared-ui';
import { ADDON_LEGAL_LAST_UPDATED } from './legal-dates';

export const TERMS_META = {
  title: 'Terms of Service | PDF to Sheets',
  description:
    'The terms of the PDF to Sheets add-on for Google Sheets: credits, file limits, payments, the 3-day refund on subscriptions, and acceptable use.',
};

/** /sheets-extension-terms-of-service (spec §2, §9). */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" lastUpdated={ADDON_LEGAL_LAST_UPDATED}>
      <PageMeta {...TERMS_META} />
      <h2>1. The service</h2>
      <p>
        PDF to Sheets is a Google Sheets add-on, with a converter on its web page, that reads tables
        and invoices from PDFs and images and puts them into your spreadsheet. The file you choose
        is sent to our API, which reads the tables (or an invoice&apos;s fields and line items) and
        sends back their rows. By using the add-on you accept these terms.
      </p>
      <h2>2. Your account</h2>
      <p>
        The add-on signs you in with the Google account you use in Google Sheets; on the web you
        sign in with Google too. Both are the same account with us: your credits and plans are
        shared. Keep your Google account secure; you are responsible for what is done with it.
      </p>
      <h2>3. Credits</h2>
      <ul>
        <li>1 credit = 1 PDF page or 1 image.</li>
        <li>
          You get 5 free credits per month. A subscription gives its credits each month instead
          (100, 500 or 1000); monthly credits do not carry over to the next month.
        </li>
        <li>Top-up credits (100, 500 or 1000) never expire and do not depend on a subscription.</li>
        <li>
          The pages you ask for are reserved from your credits before any is read. Pages that fail,
          that you cancel, or that are not read are given back; only pages read are spent.
        </li>
      </ul>
      <h2>4. File limits</h2>
      <p>
        Files up to 30 MB with a paid plan or bought credits, 5 MB otherwise. PDFs and PNG, JPEG,
        WebP, TIFF or HEIC images are read, told by their content; other files are refused before
        any credit is spent.
      </p>
      <h2>5. Payments and refunds</h2>
      <p>
        Payments go through a merchant-of-record checkout, which sells the plans on our behalf; we
        never see your card number. Subscriptions renew monthly until you cancel them in the
        checkout&apos;s billing portal (Manage Subscription on your{' '}
        <CarryLink to="/sheets-extension-user-account">account page</CarryLink>).
      </p>
      <p>
        The add-on offers a full refund within 3 days of purchase for subscription plans only;
        top-up credits are not covered. Yearly and Lifetime plans of the text tool, and the premium
        plans of our comment-filter extension, may be refunded within 30 days. How to ask for a
        refund is in the <CarryLink to="/refund-policy">Refund Policy</CarryLink>.
      </p>
      <h2>6. Acceptable use</h2>
      <p>
        Do not upload material you have no right to process, malware, or files meant to disrupt the
        service; do not try to get around credits or limits. We may suspend accounts that do.
      </p>
      <h2>7. Your content and accuracy</h2>
      <p>
        Your files and the tables read from them remain yours. We read a file only to answer your
        request and never keep it (see the{' '}
        <CarryLink to="/sheets-extension-privacy-policy">Privacy Policy</CarryLink>). Table
        recognition is never perfect, least of all on scans and photos: check the rows before
        relying on them. The service is provided as is, without warranties, and our liability is
        limited to what you paid us in the last 12 months, as far as the law allows.
      </p>
      <h2>8. Changes and contact</h2>
      <p>
        We may update these terms and will change the date above when we do. Questions:{' '}
        <CarryLink to="/sheets-extension-contact-us">Contact Us</CarryLink>.
      </p>
    </LegalPage>
  );
}
