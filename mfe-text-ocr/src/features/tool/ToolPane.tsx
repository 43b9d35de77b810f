import { tokens } from 'shared-ui';
import styled from 'styled-components';

// The two panes (shared-ui's Pane) side by side, one column on a phone: preview and result.
export const StyledTool = styled.section`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${tokens.space[6]};
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
`;
