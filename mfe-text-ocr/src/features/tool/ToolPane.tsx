import { tokens } from 'shared-ui';
import styled from 'styled-components';

// The two panes side by side (one column on a phone), shared by the preview and the result.
export const StyledTool = styled.section`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${tokens.space[6]};
  @media (max-width: 760px) {
    grid-template-columns: 1fr;
  }
`;
export const StyledPane = styled.div`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  min-height: 320px;
  padding: ${tokens.space[4]};
  display: flex;
  flex-direction: column;
  gap: ${tokens.space[3]};
  img,
  video,
  canvas {
    max-width: 100%;
    max-height: 480px;
    object-fit: contain;
    align-self: center;
  }
`;
/** A pane's hint while it has nothing to show. */
export const StyledHint = styled.p`
  color: ${tokens.color.textMuted};
  text-align: center;
  margin: auto;
`;
