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

const DOES = [
  [
    'Highlights positive comments',
    'each marked by a coloured edge and a ‘Positive’ label; the other comments stay as they are',
  ],
  [
    'Three strictness levels',
    'Relaxed, Balanced or Strict, from any leaning to the good side to plain enthusiasm',
  ],
  [
    'Reads in your browser',
    'the classifier comes with the extension, so comments are not sent to our servers',
  ],
  ['Reads English', 'comments in other languages are left unmarked'],
] as const;

/** What the extension does, how it works (#how-it-works). */
export function AboutSections() {
  return (
    <>
      <StyledSection aria-labelledby="does-title">
        <h2 id="does-title">What it does</h2>
        <ul>
          {DOES.map(([what, detail]) => (
            <li key={what}>
              <strong>{what}</strong>: {detail}.
            </li>
          ))}
        </ul>
      </StyledSection>
      <StyledSection id="how-it-works" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol>
          <li>Add the extension to your browser from the Chrome Web Store.</li>
          <li>Open a video on YouTube and scroll down to its comments.</li>
          <li>
            The positive comments are highlighted, and so are those that load as you scroll on.
          </li>
          <li>Choose how strict it is from the extension&rsquo;s button in the toolbar.</li>
        </ol>
      </StyledSection>
    </>
  );
}

/** The refund terms of the premium plans (#refunds) and the FAQ (#faq) it is given. */
export function PolicySections({ faq }: { faq: ReactNode }) {
  return (
    <>
      <StyledSection id="refunds" aria-labelledby="refunds-title">
        <h2 id="refunds-title">Premium plans and refunds</h2>
        <p>
          The comment filter&rsquo;s premium plans are covered by our refund terms: the Yearly and
          Lifetime plans can be refunded within 30 days of purchase.
        </p>
        <p>
          To ask, send us the <strong>Payment ID</strong> of the payment; an approved refund goes
          back to the original payment method in 5-7 business days.
        </p>
        <p>
          <CarryLink to="/refund-policy">Read the refund policy</CarryLink>
        </p>
      </StyledSection>
      <StyledSection id="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">FAQs</h2>
        {faq}
      </StyledSection>
    </>
  );
}
