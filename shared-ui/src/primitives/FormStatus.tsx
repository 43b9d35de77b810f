import styled from 'styled-components';
import { tokens } from '../theme/tokens';

export type FormStatusKind = 'success' | 'error';

const StyledStatus = styled.p<{ $kind: FormStatusKind }>`
  margin: ${tokens.space[2]} 0;
  color: ${({ $kind }) => ($kind === 'success' ? tokens.color.success : tokens.color.error)};
`;

/** A form's outcome, announced to screen readers (errors assertively). */
export function FormStatus({ kind, message }: { kind: FormStatusKind; message: string }) {
  return (
    <StyledStatus $kind={kind} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </StyledStatus>
  );
}
