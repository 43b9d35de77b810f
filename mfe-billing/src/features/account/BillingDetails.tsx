import type { PublicUser } from 'contracts';
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
      <HeldPurchases email={user.email} />
      <PaymentsList />
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
      <HeldPurchases email={user.email} />
      <PaymentsList />
    </>
  );
}
