import { PRICE_NOTE, type CatalogPlan, type PlansResponse, type PlanType } from 'contracts';
import {
  loginFromHere,
  PageSection,
  tokens,
  useCarryingNavigate,
  useSession,
  type SessionState,
} from 'shared-ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { fetchPlans } from '../../common/billing-api';
import {
  PENDING_PLAN_AMOUNT,
  startCardCheckout,
  takePendingPlan,
} from '../../common/card-checkout';
import { isFromExtension } from '../../common/extension-source';
import { resumePendingCheckout } from '../../common/overlay-checkout';
import { overlayItemOf } from '../../common/payments';
import { useExtensionSession, useUpgradeNotice } from '../../common/useOverlay';
import { formatMoney } from '../../common/format';
import { LoadState } from '../../common/LoadState';
import { MaintenanceBanner, StyledBanner } from '../../common/MaintenanceBanner';
import { useApiResource } from '../../common/useApiResource';
import { openPendingWalletLink } from '../../common/wallet';
import { currentPlanOf, PLACEHOLDER_PLANS, visibleCards } from './plan-cards';
import { PlanCard } from './PlanCard';

const StyledCards = styled.ul<{ $pending: boolean }>`
  visibility: ${({ $pending }) => ($pending ? 'hidden' : 'visible')};
  list-style: none;
  margin: ${tokens.space[6]} 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space[4]};
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
`;

/** What depends on the visitor: its place kept, invisible, until the catalogue has come. */
const Pending = styled.span<{ $pending: boolean }>`
  visibility: ${({ $pending }) => ($pending ? 'hidden' : 'inherit')};
`;

function LifetimeOffer({ lifetime, pending }: { lifetime: CatalogPlan; pending: boolean }) {
  return (
    <StyledBanner aria-labelledby="lifetime-offer-title">
      <h2 id="lifetime-offer-title">Lifetime offer</h2>
      <p>
        Pay once,{' '}
        <Pending $pending={pending}>{formatMoney(lifetime.price, lifetime.currency)}</Pending>, and
        keep unlimited extractions and 30MB images for ever. No renewals.
      </p>
    </StyledBanner>
  );
}

function Catalogue({
  data,
  current,
  signedIn,
  showBanner,
  fromExtension,
  pending,
}: {
  data: PlansResponse;
  current: PlanType | null;
  signedIn: boolean;
  showBanner: boolean;
  fromExtension: boolean;
  /** The API has not answered: `data` is PLACEHOLDER_PLANS, laid out but not shown. */
  pending: boolean;
}) {
  const lifetime = data.plans.find((plan) => plan.code === 'lifetime');
  return (
    <>
      {showBanner ? (
        <MaintenanceBanner />
      ) : (
        lifetime &&
        current !== 'Lifetime' && <LifetimeOffer lifetime={lifetime} pending={pending} />
      )}
      <p>
        <strong>{PRICE_NOTE}</strong>
      </p>
      <p>
        Prices in{' '}
        <Pending $pending={pending}>
          {data.currency === 'INR' ? 'Indian rupees (INR)' : 'US dollars (USD)'}
        </Pending>
        .
        {!data.paymentsAvailable &&
          ' Payments are not available yet: you can compare the plans now, buying opens soon.'}
      </p>
      <StyledCards aria-label="Plans" aria-hidden={pending || undefined} $pending={pending}>
        {visibleCards(data.plans).map((plan) => (
          <PlanCard
            key={plan.code}
            plan={plan}
            current={current === plan.plan}
            signedIn={signedIn}
            paymentsAvailable={data.paymentsAvailable}
            isIndianUser={data.isIndianUser}
            fromExtension={fromExtension}
          />
        ))}
      </StyledCards>
    </>
  );
}

/**
 * Back from sign-in with a plan kept by a 401 (spec §4 Payment): once signed in and the catalogue
 * is here, the keys are removed and the card payment resumes, for the amount kept (the server
 * checks it against the catalogue), or the overlay's pending checkout link opens in a new tab.
 */
function useResumePendingPayment(
  plans: PlansResponse | null,
  user: SessionState,
  fromExtension: boolean,
): void {
  const location = useLocation();
  const navigate = useCarryingNavigate();
  useEffect(() => {
    if (!plans || !user) return;
    // A wallet link kept across sign-in (spec §4): opened in a new tab (here when the browser
    // blocks the tab), and removed.
    openPendingWalletLink(navigate);
    if (localStorage.getItem(PENDING_PLAN_AMOUNT) === null) {
      void resumePendingCheckout(
        (code) => {
          const plan = plans.plans.find((entry) => entry.code === code && entry.code !== 'free');
          return plan ? overlayItemOf({ kind: 'plan', plan }) : null;
        },
        { login: () => loginFromHere(location), fromExtension },
      );
      return;
    }
    const pending = takePendingPlan();
    if (!pending || !plans.paymentsAvailable || !plans.isIndianUser) return;
    const plan = plans.plans.find((entry) => entry.plan === pending.planType);
    if (!plan || plan.code === 'free') return;
    void startCardCheckout(
      { plan: plan.plan, code: plan.code, price: pending.amount },
      { login: () => loginFromHere(location), navigate },
    );
  }, [plans, user, location, navigate, fromExtension]);
}

/**
 * /pricing: the main catalogue's cards in the visitor's currency (spec §2, §9). Until the API
 * answers, the catalogue is laid out from PLACEHOLDER_PLANS with what depends on the visitor
 * invisible (the prerendered page too), and 'Loading the plans…' is announced without taking
 * a line, so the page does not move when the prices come (issue 25).
 */
export function PricingPage() {
  const location = useLocation();
  const user = useSession();
  const plans = useApiResource(fetchPlans);
  const fromExtension = useExtensionSession();
  useUpgradeNotice();
  useResumePendingPayment(plans.status === 'ready' ? plans.data : null, user, fromExtension);
  return (
    <PageSection aria-labelledby="pricing-title">
      <h1 id="pricing-title">Pricing</h1>
      <LoadState resource={plans} what="the plans" retry={plans.retry} placeholder />
      {plans.status !== 'error' && (
        <Catalogue
          data={plans.status === 'ready' ? plans.data : PLACEHOLDER_PLANS}
          pending={plans.status !== 'ready'}
          current={currentPlanOf(user)}
          signedIn={Boolean(user)}
          showBanner={isFromExtension(location.search)}
          fromExtension={fromExtension}
        />
      )}
    </PageSection>
  );
}
