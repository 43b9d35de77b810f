import { Fragment } from 'react';
import type { InvoiceFieldsView, InvoiceView } from 'contracts';
import { tokens } from 'shared-ui';
import styled from 'styled-components';
import type { GridTable } from '../converter-state';
import { TableGrid } from './TableGrid';

const FIELD_LABELS: [keyof InvoiceFieldsView, string][] = [
  ['vendor', 'Vendor'],
  ['invoiceNumber', 'Invoice number'],
  ['invoiceDate', 'Invoice date'],
  ['currency', 'Currency'],
  ['subtotal', 'Subtotal'],
  ['tax', 'Tax'],
  ['total', 'Total'],
  ['amountDue', 'Amount due'],
];

const StyledFields = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${tokens.space[1]} ${tokens.space[4]};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;
const StyledCheck = styled.div<{ $ok: boolean | null }>`
  padding: ${tokens.space[3]};
  border: 2px solid
    ${({ $ok }) =>
      $ok === false ? tokens.color.error : $ok ? tokens.color.success : tokens.color.border};
  border-radius: ${tokens.radius.sm};
  p {
    margin: 0;
    font-weight: 600;
  }
  ul {
    margin: ${tokens.space[2]} 0 0;
  }
`;

export type InvoiceResultProps = {
  invoice: InvoiceView;
  lineItems: GridTable | null;
  onEditLineItem: (row: number, column: number, value: string) => void;
};

/** An invoice: its fields as a labelled list, its line items as a grid, and the totals check. */
export function InvoiceResult({ invoice, lineItems, onEditLineItem }: InvoiceResultProps) {
  const { ok, lineItemsSum, problems } = invoice.check;
  return (
    <section aria-labelledby="converter-invoice-heading">
      <h3 id="converter-invoice-heading">Invoice</h3>
      <StyledFields aria-label="Invoice fields">
        {FIELD_LABELS.map(([key, label]) => (
          <Fragment key={key}>
            <dt>{label}</dt>
            <dd>{invoice.fields[key] ?? 'Not found'}</dd>
          </Fragment>
        ))}
      </StyledFields>
      {lineItems ? (
        <TableGrid table={lineItems} caption="Line items" onEdit={onEditLineItem} />
      ) : (
        <p>No line items were found.</p>
      )}
      <StyledCheck $ok={ok} data-testid="totals-check">
        {ok === true && (
          <p>
            <span aria-hidden="true">✓ </span>Totals check: the line items add up
            {lineItemsSum ? ` (${lineItemsSum})` : ''}.
          </p>
        )}
        {ok === false && (
          <p>
            <span aria-hidden="true">✗ </span>Totals check: the totals do not match.
          </p>
        )}
        {ok === null && <p>Totals check: the totals could not be checked.</p>}
        {problems.length > 0 && (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </StyledCheck>
    </section>
  );
}
