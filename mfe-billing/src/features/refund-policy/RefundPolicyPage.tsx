import { CarryLink, PageSection } from 'shared-ui';
import { SupportEmailLink } from '../../common/SupportContact';

export const REFUND_POLICY_UPDATED = 'April 09, 2025';

/**
 * /refund-policy (spec §9 'Refunds'). The refund page's own rules come first; the FAQ and terms
 * promise a 30-day refund for Yearly and Lifetime plans, and the add-on a 3-day refund for its
 * subscriptions. The spec says these statements differ and are both given, so both are here,
 * each named for where it comes from.
 */
export function RefundPolicyPage() {
  return (
    <PageSection as="article" width="prose" aria-labelledby="refund-title">
      <h1 id="refund-title">Refund Policy</h1>
      <p>
        <em>Last updated: {REFUND_POLICY_UPDATED}</em>
      </p>

      <h2>When we refund</h2>
      <ul>
        <li>
          You ask within 24 hours of the purchase and have made at most 10 extractions since the
          upgrade.
        </li>
        <li>You were charged twice for the same purchase (duplicate payment).</li>
        <li>You bought the wrong plan and have not used it.</li>
      </ul>

      <h2>How to ask</h2>
      <p>
        Write to <SupportEmailLink /> or use the{' '}
        <CarryLink to="/contact-us">contact form</CarryLink> with the e-mail address of your account
        and the <strong>Payment ID</strong> of the payment. We cannot process a refund without the
        Payment ID; your <CarryLink to="/user-account">account page</CarryLink> lists it under
        Billing Details.
      </p>

      <h2>How long it takes</h2>
      <p>
        An approved refund goes back to the original payment method and takes 5-7 business days to
        arrive.
      </p>

      <h2>Yearly and Lifetime plans (FAQ and terms)</h2>
      <p>
        Our FAQ and terms of service also offer a 30-day refund on the Yearly and Lifetime plans.
        This covers the premium plans of our comment-filter browser extension too.
      </p>

      <h2>PDF to Sheets add-on</h2>
      <p>
        The add-on offers a full refund within 3 days for its subscription plans only; top-up
        credits are not covered by it.
      </p>
    </PageSection>
  );
}
