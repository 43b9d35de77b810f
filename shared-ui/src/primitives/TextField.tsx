import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { tokens } from '../theme/tokens';

const fieldStyles = css`
  font: inherit;
  width: 100%;
  padding: ${tokens.space[2]} ${tokens.space[3]};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.bg};
  color: ${tokens.color.text};
`;

export const StyledField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[1]};
  margin-bottom: ${tokens.space[4]};
`;
const StyledInput = styled.input`
  ${fieldStyles}
`;
const StyledTextarea = styled.textarea`
  ${fieldStyles}
  min-height: 120px;
`;

type BaseProps = { label: string };

export function TextField({
  label,
  id,
  ...rest
}: BaseProps & InputHTMLAttributes<HTMLInputElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <StyledField>
      <label htmlFor={inputId}>{label}</label>
      <StyledInput id={inputId} {...rest} />
    </StyledField>
  );
}

export function TextArea({
  label,
  id,
  ...rest
}: BaseProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <StyledField>
      <label htmlFor={inputId}>{label}</label>
      <StyledTextarea id={inputId} {...rest} />
    </StyledField>
  );
}
