import { Button, Pane, PaneHint, tokens } from 'shared-ui';
import styled from 'styled-components';
import { ExtractProgress } from './ExtractProgress';
import type { ExtractFailure } from './extract-api';
import type { ExtractionResult } from './extraction-state';
import { FailureMessage } from './FailureMessage';

const StyledResult = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  margin: 0;
  flex: 1;
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space[2]};
`;

type Props = {
  running: boolean;
  failure: ExtractFailure | null;
  result: ExtractionResult | null;
  canDownload: boolean;
  onDownload: () => void;
  onCopy: () => void;
};

/** The right pane, a polite live region: progress, the error, or the text and its download. */
export function ResultPane({ running, failure, result, canDownload, onDownload, onCopy }: Props) {
  return (
    <Pane role="region" aria-label="Extracted text" aria-live="polite">
      {running && <ExtractProgress />}
      {failure && <FailureMessage failure={failure} />}
      {/* Text only, never HTML: markup read from a page stays as written (spec §5 'sanitise'). */}
      {result !== null && <StyledResult>{result.text}</StyledResult>}
      {!running && !failure && result === null && (
        <PaneHint>The extracted text appears here.</PaneHint>
      )}
      {canDownload && (
        <StyledActions>
          <Button variant="secondary" onClick={onDownload}>
            Download Text
          </Button>
          <Button variant="secondary" onClick={onCopy}>
            Copy
          </Button>
        </StyledActions>
      )}
    </Pane>
  );
}
