import { useId, type SelectHTMLAttributes } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/tokens';
import { StyledField } from './TextField';

const StyledSelect = styled.select`
  font: inherit;
  padding: ${tokens.space[2]} ${tokens.space[3]};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.bg};
  color: ${tokens.color.text};
`;

export type SelectOption = { value: string; label: string };

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  options: readonly SelectOption[];
  placeholder?: string;
};

export function Select({ label, options, placeholder, id, ...rest }: SelectProps) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <StyledField>
      <label htmlFor={selectId}>{label}</label>
      <StyledSelect id={selectId} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </StyledSelect>
    </StyledField>
  );
}
