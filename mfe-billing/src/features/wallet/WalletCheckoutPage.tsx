import { PLAN_CODES, type CatalogPlan } from 'contracts';
import {
  loadSession,
  PageSection,
  reportError,
  startPricingLogin,
  track,
  useCarryingNavigate,
  useSession,
} from 'shared-ui';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchPlans } from '../../common/billing-api';
import { formatMoney } from '../../common/format';
import { LoadState } from '../../common/LoadState';
import { useApiResource } from '../../common/useApiResource';
import {
  confirmWalletPayment,
  createWalletOrder,
  loadPaypalSdk,
  markUpgradedViaPaypal,
  rememberWalletLink,
} from '../../common/wallet';

export const WALLET_CANCELLED = 'Payment cancelled: nothing was charged.';
export const WALLET_UNAVAILABLE = 'PayPal is not available right now. Please try again later.';

const isPlanCode = (code: string | null): code is (typeof PLAN_CODES)[number] =>
  (PLAN_CODES as readonly string[]).includes(code ?? '');

function Buttons({
  plan,
  emailId,
  aff,
}: {
  plan: CatalogPlan;
  emailId: string;
  aff: string | null;
}) {
  const navigate = useCarryingNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    let live = true;
    const host = container.current;
    loadPaypalSdk()
      .then((paypal) => {
        if (!live || !host) return;
        host.replaceChildren();
        return paypal
          .Buttons({
            createOrder: () => {
              setNote('');
              return createWalletOrder(plan.code, aff);
            },
            onApprove: async ({ orderID }) => {
              try {
                const code = await confirmWalletPayment({ emailId, plan: plan.code, orderID });
                markUpgradedViaPaypal();
                track('ad_conversion', { kind: 'sale', plan: code });
                await loadSession(true);
                navigate(`/payment-success?plan=${encodeURIComponent(code)}`);
              } catch (error) {
                // Spec §8: a wallet failure is only logged.
                reportError(error, { action: 'payments:wallet-confirm' });
              }
            },
            onCancel: () => setNote(WALLET_CANCELLED),
            onError: (error) => reportError(error, { action: 'payments:wallet-buttons' }),
          })
          .render(host);
      })
      .catch((error: unknown) => {
        reportError(error, { action: 'payments:wallet-load' });
        if (live) setNote(WALLET_UNAVAILABLE);
      });
    return () => {
      live = false;
    };
  }, [plan.code, emailId, aff, navigate]);
  return (
    <>
      <div ref={container} data-testid="paypal-buttons" />
      <p role="status">{note}</p>
    </>
  );
}

/** /paypal-checkout?plan=<code>: one plan paid with the wallet (spec §4 Payment, §7). */
export function WalletCheckoutPage() {
  const location = useLocation();
  const user = useSession();
  const query = new URLSearchParams(location.search);
  const code = query.get('plan');
  const plans = useApiResource(fetchPlans);
  const started = useRef(false);

  // Signed out: keep the wallet link and sign in; /pricing opens it in a new tab afterwards.
  useEffect(() => {
    if (user !== null || !isPlanCode(code) || started.current) return;
    started.current = true;
    rememberWalletLink(`${location.pathname}${location.search}`);
    startPricingLogin('/pricing').catch((error: unknown) =>
      reportError(error, { action: 'login' }),
    );
  }, [user, code, location]);

  if (!isPlanCode(code)) {
    return (
      <PageSection aria-labelledby="wallet-title">
        <h1 id="wallet-title">Pay with PayPal</h1>
        <p role="alert">This plan cannot be bought here.</p>
      </PageSection>
    );
  }
  const plan = plans.status === 'ready' ? plans.data.plans.find((p) => p.code === code) : null;
  return (
    <PageSection aria-labelledby="wallet-title">
      <h1 id="wallet-title">Pay with PayPal</h1>
      <LoadState resource={plans} what="the plans" retry={plans.retry} />
      {user === null && <p>Signing you in to pay…</p>}
      {user && plan && (
        <>
          <p>
            <strong>{plan.plan}</strong>: {formatMoney(plan.foreignRate, 'USD')}
          </p>
          <Buttons plan={plan} emailId={user.email} aff={query.get('aff')} />
        </>
      )}
    </PageSection>
  );
}
