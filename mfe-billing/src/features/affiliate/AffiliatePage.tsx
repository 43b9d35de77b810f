import { PageSection, platformConfig, tokens, track } from 'shared-ui';
import styled from 'styled-components';

const StyledCta = styled.a`
  display: inline-block;
  background: ${tokens.color.primary};
  color: ${tokens.color.onPrimary};
  border-radius: ${tokens.radius.sm};
  padding: ${tokens.space[3]} ${tokens.space[6]};
  text-decoration: none;
  font-weight: 600;
  &:hover {
    background: ${tokens.color.primaryHover};
  }
`;

const FAQ: { question: string; answer: string }[] = [
  {
    question: 'How much do I earn?',
    answer:
      'A 30% commission on every sale made through your link, including repeat purchases by the same customer. Plans do not renew automatically, so each purchase is a new sale.',
  },
  {
    question: 'When am I paid?',
    answer:
      'Payouts go out on the 14th and 28th of each month, once your balance is at least $10. Each commission is held for 30 days first, so that refunds can be settled.',
  },
  {
    question: 'Are there any fees?',
    answer: 'Payment providers may deduct their own fees from a payout.',
  },
  {
    question: 'How do I join?',
    answer:
      'Sign up with our checkout partner through the button above; you get your link and a dashboard of your sales there.',
  },
];

/** The sign-up is elsewhere unless it is configured as this page itself (no sign-up yet). */
const isExternal = (url: string): boolean => /^https?:\/\//i.test(url);

/** /affiliate: 'Become an affiliate' (the configured sign-up, new tab) and the programme's FAQ. */
export function AffiliatePage() {
  const { affiliateSignupUrl } = platformConfig();
  return (
    <PageSection width="prose" aria-labelledby="affiliate-title">
      <h1 id="affiliate-title">Affiliate Program</h1>
      <p>
        Recommend Image to Text and earn 30% of every sale you refer, including repeat purchases.
      </p>
      {isExternal(affiliateSignupUrl) ? (
        <StyledCta
          href={affiliateSignupUrl}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('affiliate_clicked', { from: 'affiliate-page' })}
        >
          Become an affiliate
          <span className="visually-hidden"> (opens in a new tab)</span>
        </StyledCta>
      ) : (
        <p role="note">
          <strong>Become an affiliate:</strong> sign-up is not open yet. Please check back soon.
        </p>
      )}
      <h2>FAQ</h2>
      {FAQ.map(({ question, answer }) => (
        <section key={question} aria-label={question}>
          <h3>{question}</h3>
          <p>{answer}</p>
        </section>
      ))}
    </PageSection>
  );
}
