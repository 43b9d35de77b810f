import type { ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { tokens } from '../theme/tokens';

export type ButtonVariant = 'primary' | 'secondary' | 'link';

const variantStyles = {
  primary: css`
    background: ${tokens.color.primary};
    color: ${tokens.color.onPrimary};
    border: 1px solid ${tokens.color.primary};
    &:hover:not(:disabled) {
      background: ${tokens.color.primaryHover};
    }
  `,
  secondary: css`
    background: ${tokens.color.bg};
    color: ${tokens.color.primary};
    border: 1px solid ${tokens.color.primary};
  `,
  link: css`
    background: none;
    border: none;
    color: ${tokens.color.primary};
    text-decoration: underline;
    padding: 0;
  `,
} as const;

const StyledButton = styled.button<{ $variant: ButtonVariant }>`
  font: inherit;
  cursor: pointer;
  border-radius: ${tokens.radius.sm};
  padding: ${tokens.space[2]} ${tokens.space[4]};
  ${({ $variant }) => variantStyles[$variant]}
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant };

export function Button({ variant = 'primary', type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} type={type} {...rest} />;
}
