import { CarryLink, LegalPage } from 'shared-ui';
import { LEGAL_LAST_UPDATED } from './legal-dates';

/** /privacy-policy (spec §2). */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" lastUpdated={LEGAL_LAST_UPDATED}>
      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: the name, email address and account id your Google sign-in gives us, your
          plan and its dates.
        </li>
        <li>
          Usage: how many extractions you made each day (for the free limit), with the kind of file
          and the length of the text, never the file or the text itself. When you came to us from an
          ad, the search term and keyword of that ad click are kept with it.
        </li>
        <li>Messages you send us: feedback and contact messages, with your browser&apos;s name.</li>
        <li>A session cookie that keeps you signed in; it is not used for advertising.</li>
      </ul>
      <h2>What we do not keep</h2>
      <p>
        The files you upload and the text extracted from them. A file is held in memory and in
        temporary files on our server only while your request runs, and deleted on every outcome,
        including errors and time-outs. The preview in your browser is gone when you reload or leave
        the page.
      </p>
      <h2>Who else processes data</h2>
      <ul>
        <li>Google, to sign you in.</li>
        <li>
          Our payment providers, when you buy a plan: a merchant-of-record checkout (which also runs
          the affiliate programme) and card and wallet processors. We never see your card number.
        </li>
        <li>
          When this deployment is configured with an AI vision model, pages that local recognition
          reads poorly (or that you ask to translate) are sent to that model&apos;s provider for
          that request only. The &lsquo;Powered by&rsquo; line on the home page names the engines in
          use.
        </li>
      </ul>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, its correction or its deletion, and close your account:{' '}
        <CarryLink to="/contact-us">Contact Us</CarryLink>. We answer within 30 days.
      </p>
      <h2>Security</h2>
      <p>
        Sessions are server-side with HttpOnly cookies, state-changing requests need a CSRF token,
        and uploads are checked by their content before any processing.
      </p>
    </LegalPage>
  );
}
