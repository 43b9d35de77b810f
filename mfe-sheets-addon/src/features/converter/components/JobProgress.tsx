import { Button, tokens } from 'shared-ui';
import styled from 'styled-components';

const StyledProgress = styled.div`
  display: grid;
  gap: ${tokens.space[2]};
  p {
    margin: 0;
    font-weight: 600;
  }
`;
const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
`;

export const STALLED =
  'The job may still be reading on the server. Check again, or cancel it: the pages not read are given back.';
const StyledBar = styled.div`
  height: 0.75rem;
  border-radius: ${tokens.radius.sm};
  background: ${tokens.color.border};
  overflow: hidden;
  span {
    display: block;
    height: 100%;
    background: ${tokens.color.primary};
    transition: width 0.3s;
  }
`;

export type JobProgressProps = {
  pagesDone: number;
  pagesTotal: number;
  cancelling: boolean;
  onCancel: () => void;
  /** Its polls stopped answering: Check again asks once more (and Cancel stays). */
  stalled?: boolean;
  onCheckAgain?: () => void;
};

/**
 * A long file's job: pages read of the total, as text and as a progress bar, and its Cancel; once
 * its polls stalled, the last progress known, Check again and Cancel.
 */
export function JobProgress({
  pagesDone,
  pagesTotal,
  cancelling,
  onCancel,
  stalled = false,
  onCheckAgain,
}: JobProgressProps) {
  const known = pagesTotal > 0;
  const text = known
    ? `${String(pagesDone)} of ${String(pagesTotal)} pages read`
    : 'Starting to read the pages…';
  return (
    <StyledProgress>
      <p>{cancelling ? 'Cancelling…' : text}</p>
      <StyledBar
        role="progressbar"
        aria-label="Pages read"
        aria-valuemin={0}
        aria-valuemax={known ? pagesTotal : undefined}
        aria-valuenow={known ? pagesDone : undefined}
        aria-valuetext={text}
      >
        <span style={{ width: known ? `${String((100 * pagesDone) / pagesTotal)}%` : '0%' }} />
      </StyledBar>
      {stalled && <p>{STALLED}</p>}
      <StyledActions>
        {stalled && onCheckAgain && <Button onClick={onCheckAgain}>Check again</Button>}
        <Button variant="secondary" onClick={onCancel} disabled={cancelling}>
          Cancel
        </Button>
      </StyledActions>
    </StyledProgress>
  );
}
