import type { DailyUsageResponse } from 'contracts';
import { tokens } from 'shared-ui';
import styled from 'styled-components';

const StyledRemaining = styled.p`
  margin: ${tokens.space[2]} 0;
  color: ${tokens.color.textMuted};
`;

/** What is left of today's free extractions, beside the tool (premium plans: nothing to count). */
export function RemainingExtractions({ usage }: { usage: DailyUsageResponse | null }) {
  if (!usage || usage.unlimited) return null;
  const { remaining, limit } = usage;
  return (
    <StyledRemaining aria-live="polite">
      {remaining === 0
        ? `No free extractions left today (${String(limit)} a day)`
        : `${String(remaining)} of ${String(limit)} free extractions left today`}
    </StyledRemaining>
  );
}
