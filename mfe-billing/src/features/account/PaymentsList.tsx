import type { PaymentsResponse } from 'contracts';
import { CarryLink, tokens } from 'shared-ui';
import styled from 'styled-components';
import { fetchPayments } from '../../common/billing-api';
import { formatDate, formatMoney, parseDate } from '../../common/format';
import { LoadState } from '../../common/LoadState';
import { useApiResource } from '../../common/useApiResource';

// The person's payments (GET /api/billing/payments): the refund policy asks for the Payment ID.
// On a phone the cells wrap; anything still too wide scrolls inside the table's own box instead
// of widening the page.
const StyledScroll = styled.div`
  overflow-x: auto;
`;
const StyledTable = styled.table`
  border-collapse: collapse;
  width: 100%;
  caption {
    text-align: left;
    font-weight: 600;
    margin-bottom: ${tokens.space[2]};
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: ${tokens.space[2]};
    border-bottom: 1px solid ${tokens.color.border};
  }
  td:nth-child(3) {
    white-space: nowrap;
  }
  td:nth-child(4) {
    font-family: monospace;
    min-width: 8em;
    word-break: break-all;
  }
`;

export function PaymentsTable({ payments }: PaymentsResponse) {
  if (payments.length === 0) return <p>No payments yet.</p>;
  return (
    <StyledScroll>
      <StyledTable>
        <caption>Your payments</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Plan</th>
            <th scope="col">Amount</th>
            <th scope="col">Payment ID</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => {
            const date = parseDate(payment.date);
            return (
              <tr key={payment.paymentId}>
                <td>{date ? formatDate(date) : payment.date}</td>
                <td>{payment.plan}</td>
                <td>{formatMoney(payment.amount, payment.currency)}</td>
                <td>{payment.paymentId}</td>
                <td>
                  <CarryLink
                    to={`/receipt?paymentId=${encodeURIComponent(payment.paymentId)}`}
                    aria-label={`Receipt for payment ${payment.paymentId}`}
                  >
                    Receipt
                  </CarryLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </StyledTable>
    </StyledScroll>
  );
}

export function PaymentsList() {
  const payments = useApiResource(fetchPayments);
  return (
    <section aria-labelledby="payments-title">
      <h3 id="payments-title">Payments</h3>
      <LoadState resource={payments} what="your payments" retry={payments.retry} />
      {payments.status === 'ready' && <PaymentsTable payments={payments.data.payments} />}
      <p>
        Asking for a refund? Quote the Payment ID; the{' '}
        <CarryLink to="/refund-policy">Refund Policy</CarryLink> says what qualifies.
      </p>
    </section>
  );
}
