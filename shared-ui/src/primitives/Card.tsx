import styled from 'styled-components';
import { tokens } from '../theme/tokens';

export const Card = styled.section`
  background: ${tokens.color.bg};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  box-shadow: ${tokens.shadow.card};
  padding: ${tokens.space[6]};
`;
