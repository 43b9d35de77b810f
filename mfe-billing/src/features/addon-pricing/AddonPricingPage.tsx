import type { AddonPlanOption, AddonPlansResponse, PublicUser } from 'contracts';
import { PageSection, tokens, useSession } from 'shared-ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { fetchAddonPlans } from '../../common/billing-api';
import { isFromExtension } from '../../common/extension-source';
import { LoadState } from '../../common/LoadState';
import { MaintenanceBanner } from '../../common/MaintenanceBanner';
import { payments } from '../../common/payments';
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

function Catalogue({ data, user }: { data: AddonPlansResponse; user: PublicUser | null }) {
  const subscribe = usePaymentAction();
  const topUp = usePaymentAction();
  const subscriber = Boolean(user?.isExtPremium);
  const context = { paymentsAvailable: data.paymentsAvailable };
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
  return (
    <PageSection aria-labelledby="addon-pricing-title">
      <h1 id="addon-pricing-title">PDF to Sheets Pricing</h1>
      {isFromExtension(location.search) && <MaintenanceBanner />}
      <LoadState resource={plans} what="the add-on plans" retry={plans.retry} />
      {plans.status === 'ready' && <Catalogue data={plans.data} user={user ?? null} />}
    </PageSection>
  );
}
