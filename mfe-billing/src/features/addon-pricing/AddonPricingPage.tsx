import type { AddonPlanOption, AddonPlansResponse, PublicUser } from 'contracts';
import { loginFromHere, PageSection, tokens, useSession } from 'shared-ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { fetchAddonPlans } from '../../common/billing-api';
import { isFromExtension } from '../../common/extension-source';
import { LoadState } from '../../common/LoadState';
import { MaintenanceBanner } from '../../common/MaintenanceBanner';
import { resumePendingCheckout } from '../../common/overlay-checkout';
import { overlayItemOf, payments } from '../../common/payments';
import { useExtensionSession, useUpgradeNotice } from '../../common/useOverlay';
import { useApiResource } from '../../common/useApiResource';
import { usePaymentAction } from '../../common/usePaymentAction';
import { optionsOf } from './addon-options';
import { ActionButton, OptionGroup } from './OptionGroup';

const StyledGroups = styled.div`
  display: grid;
  gap: ${tokens.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 300px), 1fr));
  margin-top: ${tokens.space[6]};
`;

function Catalogue({
  data,
  user,
  fromExtension,
}: {
  data: AddonPlansResponse;
  user: PublicUser | null;
  fromExtension: boolean;
}) {
  const location = useLocation();
  const subscribe = usePaymentAction();
  const topUp = usePaymentAction();
  const subscriber = Boolean(user?.isExtPremium);
  const context = {
    paymentsAvailable: data.paymentsAvailable,
    overlay: { login: () => loginFromHere(location), fromExtension },
  };
  const checkout = (option: AddonPlanOption) => () =>
    payments.startCheckout({ kind: 'addon', option }, context);

  return (
    <>
      <p>
        Every account gets {data.freeCreditsPerMonth} free credits a month. 1 credit = 1 PDF page or
        1 image.
        {!data.paymentsAvailable &&
          ' Payments are not available yet: you can compare the options now, buying opens soon.'}
      </p>
      <StyledGroups>
        <OptionGroup
          title="Monthly subscription"
          description="Renews every month; the month's credits are valid for 30 days."
          legend="Credits per month"
          priceSuffix=" a month"
          options={optionsOf(data.options, 'subscription')}
          mine={subscriber ? user?.extPlan : null}
          action={(chosen) =>
            subscriber ? (
              <ActionButton
                message={subscribe.message}
                onClick={() =>
                  subscribe.run(() => payments.openPortal({ forSheetsExtension: true }))
                }
              >
                Manage Subscription
              </ActionButton>
            ) : (
              <ActionButton
                message={subscribe.message}
                onClick={() => subscribe.run(checkout(chosen))}
              >
                Subscribe to {chosen.credits} credits a month
              </ActionButton>
            )
          }
        />
        <OptionGroup
          title="Top-up credits"
          description="Credits that never expire, on their own or on top of a subscription."
          legend="Credits"
          priceSuffix=""
          options={optionsOf(data.options, 'topUp')}
          action={(chosen) => (
            <ActionButton message={topUp.message} onClick={() => topUp.run(checkout(chosen))}>
              Buy {chosen.credits} credits
            </ActionButton>
          )}
        />
      </StyledGroups>
    </>
  );
}

/** /sheets-extension-pricing: the add-on's subscription and top-up choices (spec §2, §4, §9). */
export function AddonPricingPage() {
  const location = useLocation();
  const user = useSession();
  const plans = useApiResource(fetchAddonPlans);
  const fromExtension = useExtensionSession();
  const ready = plans.status === 'ready' ? plans.data : null;
  useUpgradeNotice();
  // Back from sign-in with an option's checkout link pending: it opens in a new tab (spec §4).
  useEffect(() => {
    if (!ready || !user) return;
    void resumePendingCheckout(
      (code) => {
        const option = ready.options.find((entry) => entry.name === code);
        return option ? overlayItemOf({ kind: 'addon', option }) : null;
      },
      { login: () => loginFromHere(location), fromExtension },
    );
  }, [ready, user, location, fromExtension]);
  return (
    <PageSection aria-labelledby="addon-pricing-title">
      <h1 id="addon-pricing-title">PDF to Sheets Pricing</h1>
      {isFromExtension(location.search) && <MaintenanceBanner />}
      <LoadState resource={plans} what="the add-on plans" retry={plans.retry} />
      {plans.status === 'ready' && (
        <Catalogue data={plans.data} user={user ?? null} fromExtension={fromExtension} />
      )}
    </PageSection>
  );
}
