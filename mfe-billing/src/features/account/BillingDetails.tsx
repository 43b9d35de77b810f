import type { PublicUser } from 'contracts';
import { useState } from 'react';
import { CarryLink } from 'shared-ui';
import { SupportEmailLink } from '../../common/SupportContact';
import { HeldPurchases } from './HeldPurchases';
import { PaymentsList } from './PaymentsList';
import {
  addonCredits,
  addonSubscriptionDisplay,
  mainSubscriptionDisplay,
} from './subscription-display';
import { SubscriptionSummary } from './SubscriptionSummary';

function PrioritySupport() {
  return (
    <p>
      <strong>Priority support:</strong> write to <SupportEmailLink /> and we answer premium members
      first.
    </p>
  );
}

/** Purchases to claim, then the payments: read again once a claim has added one. */
function ClaimsAndPayments({ email }: { email: string }) {
  const [claims, setClaims] = useState(0);
  return (
    <>
      <HeldPurchases email={email} onClaimed={() => setClaims((n) => n + 1)} />
      <PaymentsList key={claims} />
    </>
  );
}

/** The Billing Details tab of /user-account. */
export function BillingDetails({ user, now }: { user: PublicUser; now: Date }) {
  const display = mainSubscriptionDisplay(user, now);
  return (
    <>
      <h2>Billing Details</h2>
      <SubscriptionSummary display={display} forSheetsExtension={false} />
      {(display.state === 'free' || display.state === 'expired') && (
        <p>
          <CarryLink to="/pricing">See the plans</CarryLink> for unlimited extractions and 30MB
          images.
        </p>
      )}
      {user.isPremium && display.state !== 'expired' && <PrioritySupport />}
      <ClaimsAndPayments email={user.email} />
    </>
  );
}

/** The Billing Details tab of /sheets-extension-user-account: credits and the add-on plan. */
export function AddonBillingDetails({ user, now }: { user: PublicUser; now: Date }) {
  const display = addonSubscriptionDisplay(user, now);
  return (
    <>
      <h2>Billing Details</h2>
      <p>
        <strong>Credits:</strong> {addonCredits(user)}{' '}
        <span>
          ({user.defaultBalance ?? 0} this month, {user.topUpBalance ?? 0} top-up credits that never
          expire)
        </span>
      </p>
      <SubscriptionSummary display={display} forSheetsExtension />
      {(display.state === 'free' || display.state === 'expired') && (
        <p>
          <CarryLink to="/sheets-extension-pricing">See the add-on plans</CarryLink> for more
          credits.
        </p>
      )}
      {user.isExtPremium && display.state !== 'expired' && <PrioritySupport />}
      <ClaimsAndPayments email={user.email} />
    </>
  );
}
