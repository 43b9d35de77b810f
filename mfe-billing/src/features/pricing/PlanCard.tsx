import type { CatalogPlan } from 'contracts';
import { Button, CarryLink, loginFromHere, tokens, useCarryingNavigate } from 'shared-ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { formatMoney } from '../../common/format';
import { payments } from '../../common/payments';
import { usePaymentAction } from '../../common/usePaymentAction';
import { walletLink } from '../../common/wallet';
import { periodOf } from './plan-cards';

const StyledCard = styled.li<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[3]};
  border: ${({ $current }) => ($current ? '2px' : '1px')} solid
    ${({ $current }) => ($current ? tokens.color.primary : tokens.color.border)};
  border-radius: ${tokens.radius.md};
  box-shadow: ${tokens.shadow.card};
  padding: ${tokens.space[6]};
  background: ${tokens.color.bg};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  ul {
    margin: 0;
    padding-left: ${tokens.space[6]};
  }
`;
const StyledTags = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
  margin: 0;
  min-height: 1.6em;
  span {
    font-size: 0.85rem;
    border-radius: ${tokens.radius.sm};
    padding: 0 ${tokens.space[2]};
    background: ${tokens.color.surface};
    border: 1px solid ${tokens.color.border};
  }
`;
const StyledPrice = styled.p`
  margin: 0;
  strong {
    font-size: 2rem;
  }
`;
const StyledFoot = styled.div`
  margin-top: auto;
  p {
    margin: ${tokens.space[2]} 0 0;
    font-size: 0.9rem;
  }
`;

type Props = {
  plan: CatalogPlan;
  current: boolean;
  signedIn: boolean;
  paymentsAvailable: boolean;
  isIndianUser: boolean;
  /** An extension-origin session: the checkout link carries source=extension. */
  fromExtension?: boolean;
};

function CardAction({
  plan,
  current,
  signedIn,
  paymentsAvailable,
  isIndianUser,
  fromExtension = false,
}: Props) {
  const location = useLocation();
  const navigate = useCarryingNavigate();
  const action = usePaymentAction();
  if (current) return <p>This is your current plan.</p>;
  if (plan.code === 'free') {
    return signedIn ? null : (
      <Button variant="secondary" onClick={() => loginFromHere(location)}>
        Login to start free
      </Button>
    );
  }
  return (
    <>
      <Button
        onClick={() =>
          action.run(() =>
            payments.startCheckout(
              { kind: 'plan', plan },
              {
                paymentsAvailable,
                isIndianUser,
                card: { login: () => loginFromHere(location), navigate },
                overlay: { login: () => loginFromHere(location), fromExtension },
              },
            ),
          )
        }
      >
        Buy {plan.plan}
      </Button>
      <p role="status">{action.message}</p>
      {paymentsAvailable && !isIndianUser && (
        <CarryLink to={walletLink(plan.code)}>Pay with PayPal</CarryLink>
      )}
    </>
  );
}

/** One plan of the catalogue, priced in the visitor's currency. */
export function PlanCard(props: Props) {
  const { plan, current } = props;
  const titleId = `plan-${plan.code}`;
  const period = periodOf(plan);
  return (
    <StyledCard $current={current} aria-labelledby={titleId}>
      <StyledTags>
        {plan.badge && <span>{plan.badge}</span>}
        {current && <span>Current plan</span>}
      </StyledTags>
      <h2 id={titleId}>{plan.plan}</h2>
      <StyledPrice>
        <strong>{formatMoney(plan.price, plan.currency)}</strong>
        {period && ` ${period}`}
      </StyledPrice>
      <ul aria-label={`${plan.plan} features`}>
        <li>Images up to {plan.features.imageSizeLimit}</li>
        <li>{plan.features.usageLimit}</li>
        <li>Validity: {plan.features.validity}</li>
      </ul>
      <StyledFoot>
        <CardAction {...props} />
      </StyledFoot>
    </StyledCard>
  );
}
