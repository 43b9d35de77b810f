import { Button, tokens } from 'shared-ui';
import styled from 'styled-components';
import { payments } from '../../common/payments';
import { usePaymentAction } from '../../common/usePaymentAction';
import type { SubscriptionDisplay } from './subscription-display';

const StyledRows = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 ${tokens.space[4]};
  li {
    margin-bottom: ${tokens.space[2]};
  }
`;

const ACTION_LABEL = { manage: 'Manage Subscription', resume: 'Resume Subscription' } as const;

/** The plan, its dates and its button, as the display rules decided (subscription-display.ts). */
export function SubscriptionSummary({
  display,
  forSheetsExtension,
}: {
  display: SubscriptionDisplay;
  forSheetsExtension: boolean;
}) {
  const action = usePaymentAction();
  return (
    <>
      <StyledRows>
        <li>
          <strong>Plan:</strong> {display.plan}
          {display.state === 'cancelled' && ' (cancelled)'}
        </li>
        {display.rows.map((row) => (
          <li key={row.label}>
            <strong>{row.label}:</strong> {row.value}
          </li>
        ))}
      </StyledRows>
      {display.action && (
        <Button
          variant="secondary"
          onClick={() => action.run(() => payments.openPortal({ forSheetsExtension }))}
        >
          {ACTION_LABEL[display.action]}
        </Button>
      )}
      <p role="status">{action.message}</p>
    </>
  );
}
