import type { PaymentReceipt } from 'contracts';
import { useCallback } from 'react';
import { Button, CarryLink, loginFromHere, PageSection, tokens, useSession } from 'shared-ui';
import { useLocation } from 'react-router-dom';
import styled, { createGlobalStyle } from 'styled-components';
import { fetchReceipt, NotFoundError } from '../../common/billing-api';
import { formatDate, formatMoney, parseDate } from '../../common/format';
import { LoadState } from '../../common/LoadState';
import { SupportEmailLink } from '../../common/SupportContact';
import { useApiResource } from '../../common/useApiResource';

// /receipt?paymentId=… (issue 14 item 4): one of the person's payments as a receipt they can
// print. Printed, the page is the receipt alone: the shell's navbar and footer (header and footer
// elements outside the receipt) and the page's own buttons and links are hidden.

const PrintOnlyReceipt = createGlobalStyle`
  @media print {
    body header:not([data-receipt] *),
    body footer:not([data-receipt] *),
    [data-print="hide"] {
      display: none !important;
    }
    body {
      background: #fff !important;
      color: #000 !important;
    }
  }
`;

const StyledReceipt = styled.article`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.sm};
  padding: ${tokens.space[6]};
  h1 {
    margin-top: 0;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(8em, max-content) 1fr;
    gap: ${tokens.space[2]} ${tokens.space[4]};
    margin: 0 0 ${tokens.space[4]};
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }
  @media print {
    border: none;
    padding: 0;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[4]};
  align-items: center;
  margin-top: ${tokens.space[6]};
`;

const PROVIDER_NAME: Record<string, string> = {
  razorpay: 'Card (Razorpay)',
  lemonsqueezy: 'Lemon Squeezy',
  paypal: 'PayPal',
};

function Field({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  const date = parseDate(receipt.date);
  return (
    <StyledReceipt data-receipt aria-labelledby="receipt-title">
      <h1 id="receipt-title">Receipt</h1>
      <dl>
        <Field label="Payment ID" value={receipt.paymentId} />
        <Field label="Date" value={date ? formatDate(date) : receipt.date} />
        <Field label="Plan" value={receipt.plan} />
        <Field label="Amount" value={formatMoney(receipt.amount, receipt.currency)} />
        <Field label="Currency" value={receipt.currency} />
        <Field label="Paid with" value={PROVIDER_NAME[receipt.provider] ?? receipt.provider} />
      </dl>
      <h2>Billed to</h2>
      <dl>
        <Field label="Name" value={receipt.buyer.name || '—'} />
        <Field label="Email" value={receipt.buyer.email} />
      </dl>
      <h2>Seller</h2>
      <dl>
        <Field label="Name" value={receipt.seller.name} />
        <Field label="Address" value={receipt.seller.address} />
        <Field label="Tax ID" value={receipt.seller.taxId} />
        <Field label="Email" value={receipt.seller.email} />
      </dl>
    </StyledReceipt>
  );
}

function ReceiptOf({ paymentId }: { paymentId: string }) {
  const load = useCallback(
    (): Promise<PaymentReceipt | null> =>
      fetchReceipt(paymentId).catch((error: unknown) => {
        if (error instanceof NotFoundError) return null;
        throw error;
      }),
    [paymentId],
  );
  const receipt = useApiResource(load);
  if (receipt.status === 'ready' && receipt.data === null) return <NotFound />;
  if (receipt.status !== 'ready' || receipt.data === null) {
    return (
      <PageSection width="narrow" aria-labelledby="receipt-title">
        <h1 id="receipt-title">Receipt</h1>
        <LoadState resource={receipt} what="the receipt" retry={receipt.retry} />
      </PageSection>
    );
  }
  return (
    <PageSection width="narrow">
      <Receipt receipt={receipt.data} />
      <StyledActions data-print="hide">
        <Button onClick={() => window.print()}>Print</Button>
        <CarryLink to="/user-account">Back to your account</CarryLink>
      </StyledActions>
    </PageSection>
  );
}

function NotFound() {
  return (
    <PageSection width="narrow" aria-labelledby="receipt-title">
      <h1 id="receipt-title">Receipt not found</h1>
      <p role="alert">There is no such payment on your account.</p>
      <p>
        Your <CarryLink to="/user-account">account page</CarryLink> lists your payments, each with
        its receipt. Something missing? Write to <SupportEmailLink /> with the Payment ID.
      </p>
    </PageSection>
  );
}

/** /receipt?paymentId=…: signed in; another person's or an unknown payment is 'not found'. */
export function ReceiptPage() {
  const user = useSession();
  const location = useLocation();
  const paymentId = new URLSearchParams(location.search).get('paymentId')?.trim() ?? '';

  let body;
  if (user === undefined) {
    body = (
      <PageSection width="narrow" aria-labelledby="receipt-title">
        <h1 id="receipt-title">Receipt</h1>
        <p role="status">Loading…</p>
      </PageSection>
    );
  } else if (user === null) {
    body = (
      <PageSection width="narrow" aria-labelledby="receipt-title">
        <h1 id="receipt-title">Receipt</h1>
        <p>Please log in to see your receipt.</p>
        <Button onClick={() => loginFromHere(location)}>Login</Button>
      </PageSection>
    );
  } else if (!paymentId) {
    body = <NotFound />;
  } else {
    body = <ReceiptOf paymentId={paymentId} />;
  }
  return (
    <>
      <PrintOnlyReceipt />
      {body}
    </>
  );
}
