import type { JobCredits } from 'contracts';
import { CarryLink, tokens } from 'shared-ui';
import styled from 'styled-components';

const StyledCredits = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]} ${tokens.space[4]};
  align-items: baseline;
  p {
    margin: 0;
  }
`;

export const PRICING_PATH = '/sheets-extension-pricing';

const credits = (n: number) => `${String(n)} credit${n === 1 ? '' : 's'}`;

export type CreditsPanelProps = {
  /** The person's credits now (topUpBalance + defaultBalance from the session). */
  current: number;
  /** Their credits when the file was sent; null before any. */
  before: number | null;
  /** What the last request reserved, spent (1 a page read) and gave back. */
  spent: JobCredits | null;
  /** The request has ended, so the session's credits are after it. */
  ended: boolean;
};

/** The credits before and after a file, what it spent, and where to buy more. */
export function CreditsPanel({ current, before, spent, ended }: CreditsPanelProps) {
  return (
    <StyledCredits aria-label="Credits" role="group">
      {before !== null && ended ? (
        <p>
          Credits before: <strong>{before}</strong> · after: <strong>{current}</strong>
        </p>
      ) : (
        <p>
          Your credits: <strong>{current}</strong>
        </p>
      )}
      {spent && (
        <p>
          {ended ? 'Spent' : 'Spent so far:'} {credits(spent.spent)} (1 credit a page)
          {spent.refunded > 0 ? `, ${credits(spent.refunded)} given back` : ''}.
        </p>
      )}
      <CarryLink to={PRICING_PATH}>Buy credits</CarryLink>
    </StyledCredits>
  );
}
