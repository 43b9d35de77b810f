import styled from 'styled-components';
import { tokens } from '../theme/tokens';

/** A tool's framed pane (a preview, a result): media inside fit its width. */
export const Pane = styled.div`
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
export const PaneHint = styled.p`
  color: ${tokens.color.textMuted};
  text-align: center;
  margin: auto;
`;
