import { CarryLink, LegalPage, PageMeta } from 'shared-ui';
import { ADDON_LEGAL_LAST_UPDATED } from './legal-dates';

export const PRIVACY_META = {
  title: 'Privacy Policy | PDF to Sheets',
  description:
    "What the PDF to Sheets add-on sends to our API, what we keep and for how long: never your files; a long file's table result until its job expires.",
};

/** /sheets-extension-privacy-policy (spec §2): what the add-on sends, what we keep, what not. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" lastUpdated={ADDON_LEGAL_LAST_UPDATED}>
      <PageMeta {...PRIVACY_META} />
      <p>
        The PDF to Sheets add-on reads tables and invoices from PDFs and images into Google Sheets
        through our API. This page says what it sends us, what we keep and for how long.
      </p>
      <h2>What the add-on sends us</h2>
      <ul>
        <li>The file you choose (a PDF or an image) and the name it has.</li>
        <li>The pages you chose and the mode: tables or invoice.</li>
        <li>
          A Google ID token with each call, from which we take your Google account&apos;s email
          address and account id. We check the token with Google&apos;s keys; it tells us who you
          are, and nothing else.
        </li>
      </ul>
      <h2>What we never keep</h2>
      <p>
        Your files. A file is held in the memory of the request that brought it, and in a private
        temporary folder while its pages are read, and deleted when the job ends: finished, failed
        or cancelled. It is never written to our database.
      </p>
      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: the email address and Google account id (and the name your web sign-in gives
          us), your add-on plan and its dates, and your credits.
        </li>
        <li>
          Credit and payment records: what you bought, each change to your credits and plans, and
          the payment ids the refund policy asks for.
        </li>
        <li>
          Each reading&apos;s job: its state, how many pages it read, the credits it reserved, spent
          and gave back, the file&apos;s name, and the tables read from it, so that a long file can
          be followed and its result downloaded. A job and its result are deleted when the job
          expires, one hour after it started.
        </li>
        <li>
          Messages you send us: feedback and contact messages, with your browser&apos;s name and,
          when you are signed in, your account.
        </li>
      </ul>
      <h2>Who else processes data</h2>
      <ul>
        <li>Google, which runs the add-on in Google Sheets and signs you in.</li>
        <li>
          Our merchant-of-record checkout, when you buy credits or a plan. We never see your card
          number.
        </li>
        <li>
          When this deployment is configured with an AI vision model, pages without a text layer
          (scans and photos) may be sent to that model&apos;s provider to be read, for that request
          only.
        </li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, its correction or its deletion, and close your account:{' '}
        <CarryLink to="/sheets-extension-contact-us">Contact Us</CarryLink>. We answer within 30
        days.
      </p>
    </LegalPage>
  );
}
