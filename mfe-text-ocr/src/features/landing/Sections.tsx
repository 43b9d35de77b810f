import { CarryLink, tokens } from 'shared-ui';
import { renderWhenNear } from 'shared-ui/landing';
import styled from 'styled-components';

const StyledSection = styled.section`
  ${renderWhenNear}
  padding: ${tokens.space[8]} 0;
  border-top: 1px solid ${tokens.color.border};
  ul {
    padding-left: 1.2rem;
  }
  dt {
    font-weight: 600;
    margin-top: ${tokens.space[4]};
  }
  dd {
    margin: ${tokens.space[1]} 0 0;
  }
`;

// Every target user that spec §1 names appears here.
const USE_CASES = [
  [
    'Students and teachers',
    'lecture slides, handouts and handwritten notes into text you can edit',
  ],
  ['Researchers and journalists', 'quotes from scanned papers, archives and photographed pages'],
  ['Accountants and data-entry workers', 'receipts, invoices and forms typed out for you'],
  [
    'Government analysts',
    'scanned reports, notices and public records turned into text you can search and quote',
  ],
  ['Virtual assistants and office staff', 'letters and PDFs turned into text to paste anywhere'],
  ['Legal and healthcare professionals', 'printed documents read without retyping'],
  ['Travellers', 'signs and menus photographed and translated where a language pair exists'],
  ['Developers and analysts', 'screenshots of code, logs and tables as plain text'],
] as const;

/** Use cases, why this app, how it works (#how-it-works) and the FAQ (#faq), spec §2. */
export function Sections({ languageCount }: { languageCount: number }) {
  return (
    <>
      <StyledSection aria-labelledby="use-cases">
        <h2 id="use-cases">Who uses it</h2>
        <ul>
          {USE_CASES.map(([who, what]) => (
            <li key={who}>
              <strong>{who}</strong>: {what}.
            </li>
          ))}
          <li>
            <strong>Affiliates</strong>: a 30% commission on every sale made through your link,
            repeat purchases included; see the{' '}
            <CarryLink to="/affiliate">affiliate programme</CarryLink>.
          </li>
        </ul>
      </StyledSection>
      <StyledSection aria-labelledby="why">
        <h2 id="why">Why this app</h2>
        <ul>
          <li>
            <strong>Neat output</strong>: paragraphs and line breaks as on the page, columns in
            reading order, words split at line ends joined again.
          </li>
          <li>
            <strong>Private</strong>: your file is read on our server and deleted when the request
            ends; it is never stored, and the preview is gone when you reload or leave the page.
          </li>
          <li>
            <strong>Ad-free</strong>: no advertising on the tool.
          </li>
          <li>
            <strong>Camera support</strong>: take a photo with your phone or laptop camera and read
            it straight away.
          </li>
          <li>
            <strong>Any script</strong>: Latin with accents, Cyrillic, Greek, Arabic, Hebrew,
            Devanagari, Thai, Chinese, Japanese and Korean are recognised without choosing.
          </li>
        </ul>
      </StyledSection>
      <StyledSection id="how-it-works" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Log in with your Google account.</li>
          <li>Choose an image or a PDF, drop it, paste it, or open the camera and take a photo.</li>
          <li>
            For a PDF, pick the page. Keep &lsquo;Original language&rsquo; or pick a translation.
          </li>
          <li>
            Press &lsquo;Extract Text&rsquo;, then copy the text or download it as a .txt file.
          </li>
        </ol>
      </StyledSection>
      <StyledSection id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">FAQ</h2>
        <dl>
          <dt>Is it free?</dt>
          <dd>
            Yes: 5 extractions a day on the free plan, images up to 5 MB. Your first feedback adds 5
            more for that day. Pro plans remove the daily limit and accept files up to 30 MB.
          </dd>
          <dt>Do you keep my files?</dt>
          <dd>
            No. The file is read and deleted when the request ends. Only a count of your extractions
            is kept, for the daily limit.
          </dd>
          <dt>Which files can I use?</dt>
          <dd>PNG, JPEG, WebP, TIFF and HEIC images, and PDFs (one page per extraction).</dd>
          <dt>Which languages can it translate into?</dt>
          <dd>
            The list offers {languageCount > 1 ? String(languageCount - 1) : 'about 230'} languages;
            the ones this server can translate into are selectable, the others are marked as not
            available.
          </dd>
          <dt>Can I get a refund?</dt>
          <dd>
            Yes: the Yearly and Lifetime plans come with a 30-day refund, and so do the
            comment-filter extension&apos;s premium plans. For other cases (a duplicate payment, a
            wrong plan, a purchase in the last 24 hours), see the{' '}
            <CarryLink to="/refund-policy">Refund Policy</CarryLink>.
          </dd>
          <dt>Does it read handwriting?</dt>
          <dd>
            Neat handwriting, yes; results vary with the writing. Printed text is read most
            accurately.
          </dd>
        </dl>
      </StyledSection>
    </>
  );
}
