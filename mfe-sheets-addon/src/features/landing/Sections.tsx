import type { ReactNode } from 'react';
import { CarryLink, tokens } from 'shared-ui';
import { renderWhenNear } from 'shared-ui/landing';
import styled from 'styled-components';

const StyledSection = styled.section`
  ${renderWhenNear}
  padding: ${tokens.space[8]} 0;
  border-top: 1px solid ${tokens.color.border};
  ul,
  ol {
    padding-left: 1.2rem;
  }
  li + li {
    margin-top: ${tokens.space[2]};
  }
`;

const READS = [
  ['Digital PDFs', 'reports, statements and exports, read from their own text'],
  ['Scanned PDFs', 'paper documents run through a scanner'],
  ['Phone photos', 'a picture of a printed table, in PNG, JPEG, WebP, TIFF or HEIC'],
  [
    'Invoices',
    'vendor, invoice number, date, subtotal, tax and total, with the line items checked against the totals',
  ],
] as const;

/**
 * What it reads, how it works (#how-it-works), credits and pricing, and the FAQ (#faq) around
 * the questions the page gives it.
 */
export function Sections({ faq }: { faq: ReactNode }) {
  return (
    <>
      <StyledSection aria-labelledby="reads-title">
        <h2 id="reads-title">What it reads</h2>
        <ul>
          {READS.map(([what, detail]) => (
            <li key={what}>
              <strong>{what}</strong>: {detail}.
            </li>
          ))}
        </ul>
      </StyledSection>
      <StyledSection id="how-it-works" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Install the add-on from the Google Workspace Marketplace.</li>
          <li>
            In Google Sheets, open the Extensions menu and open PDF to Sheets: its sidebar opens.
          </li>
          <li>Choose a file from your computer, or pick one from your Google Drive.</li>
          <li>For a PDF, choose the pages; choose tables or invoice mode.</li>
          <li>
            Press &lsquo;Insert into sheet&rsquo;: the rows go into a new sheet named after the
            file.
          </li>
        </ol>
      </StyledSection>
      <StyledSection aria-labelledby="credits-title">
        <h2 id="credits-title">Credits and pricing</h2>
        <ul>
          <li>1 credit = 1 PDF page or 1 image.</li>
          <li>5 free credits per month.</li>
          <li>Files up to 30 MB on paid plans (5 MB on the free plan).</li>
          <li>Credits for pages that cannot be read are given back.</li>
        </ul>
        <p>
          <CarryLink to="/sheets-extension-pricing">See plans and prices</CarryLink>
        </p>
      </StyledSection>
      <StyledSection id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">FAQs</h2>
        {faq}
        <p>
          <CarryLink to="/sheets-extension-faq">Open the FAQ page</CarryLink>
        </p>
      </StyledSection>
    </>
  );
}
