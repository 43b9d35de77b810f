import type { AddonPlanOption } from 'contracts';
import { Button, tokens } from 'shared-ui';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { formatMoney } from '../../common/format';
import { defaultOption } from './addon-options';

const StyledGroup = styled.section`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  box-shadow: ${tokens.shadow.card};
  padding: ${tokens.space[6]};
  min-width: 0;
  h2 {
    margin: 0 0 ${tokens.space[2]};
  }
  fieldset {
    border: none;
    margin: ${tokens.space[4]} 0;
    padding: 0;
    min-width: 0;
  }
  legend {
    font-weight: 600;
    margin-bottom: ${tokens.space[2]};
  }
`;
const StyledChoice = styled.label<{ $mine: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
  align-items: center;
  padding: ${tokens.space[2]} ${tokens.space[3]};
  margin-bottom: ${tokens.space[2]};
  border-radius: ${tokens.radius.sm};
  border: ${({ $mine }) => ($mine ? '2px' : '1px')} solid
    ${({ $mine }) => ($mine ? tokens.color.primary : tokens.color.border)};
  cursor: pointer;
`;
const StyledRate = styled.p`
  font-size: 1.5rem;
  font-weight: 700;
  margin: 0 0 ${tokens.space[3]};
`;

type Props = {
  title: string;
  description: string;
  legend: string;
  /** ' a month' after a subscription's price. */
  priceSuffix: string;
  options: AddonPlanOption[];
  /** The subscriber's own option, highlighted and chosen first. */
  mine?: string | null;
  /** The group's button for the chosen option (Subscribe, Buy credits, Manage Subscription). */
  action: (chosen: AddonPlanOption) => ReactNode;
};

/** One kind of add-on plan as a radio group; the choice sets the rate shown and the button's option. */
export function OptionGroup({
  title,
  description,
  legend,
  priceSuffix,
  options,
  mine,
  action,
}: Props) {
  const id = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const chosen =
    options.find((option) => option.name === (picked ?? mine)) ?? defaultOption(options);
  if (!chosen) return null;
  return (
    <StyledGroup aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p>{description}</p>
      <fieldset>
        <legend>{legend}</legend>
        {options.map((option) => (
          <StyledChoice key={option.name} $mine={option.name === mine}>
            <input
              type="radio"
              name={`${id}-option`}
              value={option.name}
              checked={option.name === chosen.name}
              onChange={() => setPicked(option.name)}
            />
            {option.credits} credits for {formatMoney(option.amount, 'USD')}
            {priceSuffix}
            {option.name === mine && <strong>(your plan)</strong>}
          </StyledChoice>
        ))}
      </fieldset>
      <StyledRate aria-live="polite">
        {formatMoney(chosen.ratePerExtraction, 'USD')} per extraction
      </StyledRate>
      {action(chosen)}
    </StyledGroup>
  );
}

/** A button that runs a payment action, with its answer in a live region. */
export function ActionButton({
  children,
  message,
  onClick,
}: {
  children: ReactNode;
  message: string | null;
  onClick: () => void;
}) {
  return (
    <>
      <Button onClick={onClick}>{children}</Button>
      <p role="status">{message}</p>
    </>
  );
}
