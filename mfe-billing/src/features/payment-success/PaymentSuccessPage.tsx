import { isPlanCode, PLAN_TYPE_OF_CODE } from 'contracts';
import { useEffect } from 'react';
import { CarryLink, PageSection, track, useSession } from 'shared-ui';
import { useLocation } from 'react-router-dom';
import { SupportEmailLink } from '../../common/SupportContact';

function Thanks() {
  const user = useSession();
  const who = user ? user.name.trim() || user.email : '';
  return <p>{who ? `Thank you, ${who}!` : 'Thank you!'}</p>;
}

/**
 * /payment-success?plan=pro-weekly|pro-monthly|pro-yearly|lifetime (spec §2): names the plan
 * bought and the support contact. Another or no plan code cannot say what was bought, so the page
 * says that and points to the account page and support instead of guessing.
 */
export function PaymentSuccessPage() {
  const plan = new URLSearchParams(useLocation().search).get('plan');

  // The analytics 'purchase' event (spec §7), once per visit of the page after a payment. The
  // amount and the affiliate's sale conversion are reported by the server from the verified
  // payment, never from here.
  useEffect(() => {
    if (isPlanCode(plan)) track('purchase', { plan });
  }, [plan]);

  if (!isPlanCode(plan)) {
    return (
      <PageSection width="narrow" align="center" aria-labelledby="payment-title">
        <h1 id="payment-title">Payment</h1>
        <p>This link does not say which plan was bought.</p>
        <p>
          If you have just paid, your <CarryLink to="/user-account">account page</CarryLink> shows
          your plan. If it does not look right, write to <SupportEmailLink /> with your Payment ID.
        </p>
      </PageSection>
    );
  }
  return (
    <PageSection width="narrow" align="center" aria-labelledby="payment-title">
      <h1 id="payment-title">Payment Successful</h1>
      <Thanks />
      <p>
        You bought the <strong>{PLAN_TYPE_OF_CODE[plan]}</strong> plan.
      </p>
      <p>
        Questions about your plan or payment? Write to <SupportEmailLink />.
      </p>
      <p>
        <CarryLink to="/">Start extracting</CarryLink> ·{' '}
        <CarryLink to="/user-account">Your account</CarryLink>
      </p>
    </PageSection>
  );
}
