import { isPlanCode, PLAN_TYPE_OF_CODE, type HeldPurchase } from 'contracts';
import { useState } from 'react';
import { Button, loadSession, reportError, tokens } from 'shared-ui';
import styled from 'styled-components';
import { claimHeldPurchase, fetchHeldPurchases } from '../../common/billing-api';
import { formatDate, formatMoney, parseDate } from '../../common/format';
import { useApiResource } from '../../common/useApiResource';

// Purchases paid with the person's email that no checkout of ours bound to an account (bought
// from a plain link, or from a checkout someone edited): they changed nothing. Each is applied
// to this account only when the person presses its 'Claim' (issue 20), never on its own.
const StyledList = styled.ul`
  list-style: none;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${tokens.space[3]};
    align-items: center;
    padding: ${tokens.space[2]} 0;
    border-bottom: 1px solid ${tokens.color.border};
  }
`;

export const CLAIMED = 'Claimed: the purchase is on your account now.';

/** 'Pro Weekly', 'Add-on: 100 credits a month', 'Add-on: 500 credits'. */
export function productName(product: string): string {
  if (isPlanCode(product)) return PLAN_TYPE_OF_CODE[product];
  const credits = /^(sub|topUp)(\d+)$/.exec(product);
  if (!credits) return product;
  return `Add-on: ${credits[2] ?? ''} credits${credits[1] === 'sub' ? ' a month' : ''}`;
}

function purchaseLine(purchase: HeldPurchase): string {
  const date = parseDate(purchase.purchasedAt);
  const paid =
    purchase.amount !== null && purchase.currency
      ? `, ${formatMoney(purchase.amount, purchase.currency)}`
      : '';
  return `${productName(purchase.product)}${paid}, ${date ? formatDate(date) : purchase.purchasedAt} (order ${purchase.orderId})`;
}

export function HeldPurchases({ email, onClaimed }: { email: string; onClaimed?: () => void }) {
  const held = useApiResource(fetchHeldPurchases);
  const [claiming, setClaiming] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const claim = (orderId: string) => {
    setClaiming(orderId);
    setMessage(null);
    void claimHeldPurchase(orderId).then(
      async () => {
        setMessage(CLAIMED);
        setClaiming(null);
        held.retry();
        onClaimed?.();
        await loadSession(true);
      },
      (error: unknown) => {
        reportError(error, { action: 'payments:claim' });
        setMessage(error instanceof Error ? error.message : 'Something went wrong.');
        setClaiming(null);
      },
    );
  };

  const purchases = held.status === 'ready' ? held.data.purchases : [];
  if (purchases.length === 0) return message ? <p role="status">{message}</p> : null;
  return (
    <section aria-labelledby="held-title">
      <h3 id="held-title">Purchases to claim</h3>
      <p>
        These were paid with your email address, {email}, but not from a checkout opened on this
        account, so they have not changed your plan. Claim the ones you made to add them to this
        account.
      </p>
      <StyledList>
        {purchases.map((purchase) => (
          <li key={purchase.orderId}>
            <span>{purchaseLine(purchase)}</span>
            <Button
              onClick={() => claim(purchase.orderId)}
              disabled={claiming !== null}
              aria-label={`Claim order ${purchase.orderId}`}
            >
              Claim
            </Button>
          </li>
        ))}
      </StyledList>
      <p role="status">{message}</p>
    </section>
  );
}
