import { Button } from 'shared-ui';
import styled from 'styled-components';
import { ExtractProgress } from './ExtractProgress';
import type { ExtractFailure } from './extract-api';
import type { ExtractionResult } from './extraction-state';
import { FailureMessage } from './FailureMessage';
import { StyledHint, StyledPane } from './ToolPane';

const StyledResult = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: inherit;
  margin: 0;
  flex: 1;
`;

type Props = {
  running: boolean;
  failure: ExtractFailure | null;
  result: ExtractionResult | null;
  canDownload: boolean;
  onDownload: () => void;
};

/** The right pane, a polite live region: progress, the error, or the text and its download. */
export function ResultPane({ running, failure, result, canDownload, onDownload }: Props) {
  return (
    <StyledPane role="region" aria-label="Extracted text" aria-live="polite">
      {running && <ExtractProgress />}
      {failure && <FailureMessage failure={failure} />}
      {result !== null && <StyledResult>{result.text}</StyledResult>}
      {!running && !failure && result === null && (
        <StyledHint>The extracted text appears here.</StyledHint>
      )}
      {canDownload && (
        <Button variant="secondary" onClick={onDownload}>
          Download Text
        </Button>
      )}
    </StyledPane>
  );
}
