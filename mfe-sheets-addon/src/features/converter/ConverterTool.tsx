import { PLAN_MAX_BYTES, addonMaxBytes } from 'contracts';
import { Button, tokens, useSession, type User } from 'shared-ui';
import styled from 'styled-components';
import { ConverterIntake } from './components/ConverterIntake';
import { ConverterOptions } from './components/ConverterOptions';
import { ConverterResults } from './components/ConverterResults';
import { CreditsPanel } from './components/CreditsPanel';
import { FailureNotice } from './components/FailureNotice';
import { JobProgress } from './components/JobProgress';
import { creditsOf, isWaiting, type ConverterState } from './converter-state';
import { useConverter } from './useConverter';

const StyledTool = styled.section`
  display: grid;
  gap: ${tokens.space[4]};
  padding: ${tokens.space[4]};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.bg};
  h2 {
    margin: 0;
  }
  p {
    margin: 0;
  }
`;
const StyledHidden = styled.div`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const tablesFound = (n: number) =>
  n === 0 ? 'No tables were found.' : `Found ${String(n)} table${n === 1 ? '' : 's'}.`;

/** What a screen reader is told as the request goes (the failures are alerts of their own). */
export function announcement(state: ConverterState): string {
  switch (state.phase) {
    case 'sending':
      return 'Sending the file…';
    case 'running':
      return state.progress && state.progress.pagesTotal > 0
        ? `${String(state.progress.pagesDone)} of ${String(state.progress.pagesTotal)} pages read`
        : 'Reading the pages…';
    case 'cancelling':
      return 'Cancelling…';
    case 'done':
      return state.invoice ? 'The invoice was read.' : tablesFound(state.tables.length);
    case 'cancelled':
      return 'Cancelled.';
    case 'idle':
    case 'ready':
    case 'failed':
    case 'stalled': // its failure is an alert
      return '';
  }
}

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${String(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export type ConverterToolProps = {
  /** The signed-in person (the landing mounts the tool only for them). */
  user: User;
  /** How often a long file's job is polled (tests shorten it). */
  pollIntervalMs?: number;
};

/**
 * The add-on's converter on the web (issue 22 item 2): a PDF or image in, its tables (or an
 * invoice) out as an editable grid, downloaded as CSV or XLSX or copied for a spreadsheet, with
 * the credits it spends shown before and after.
 */
export function ConverterTool({ user, pollIntervalMs }: ConverterToolProps) {
  // The session store answers again after a job (its credits); until then, the given user.
  const session = useSession();
  const person = session ?? user;
  const converter = useConverter(person, pollIntervalMs);
  const { state } = converter;
  const busy = isWaiting(state);
  const ended = ['done', 'failed', 'cancelled'].includes(state.phase);
  return (
    <StyledTool aria-labelledby="converter-heading">
      <h2 id="converter-heading">Convert a PDF or image to a spreadsheet</h2>
      <CreditsPanel
        current={creditsOf(person)}
        before={state.creditsBefore}
        spent={state.credits}
        ended={ended}
      />
      <ConverterIntake
        intake={converter.intake}
        rules={converter.rules}
        file={state.file}
        disabled={busy}
      />
      {state.file && (
        <>
          <p>
            Chosen: <strong>{state.file.name}</strong> ({size(state.file.size)})
          </p>
          <ConverterOptions
            isPdf={state.file.isPdf}
            pageChoice={state.pageChoice}
            pageText={state.pageText}
            firstText={state.firstText}
            lastText={state.lastText}
            pagesProblem={converter.pagesProblem}
            mode={state.mode}
            disabled={busy}
            onPageChoice={converter.setPageChoice}
            onPageText={converter.setPageText}
            onMode={converter.setMode}
          />
          <p>Each PDF page or image read uses 1 credit.</p>
          <div>
            <Button onClick={converter.convert} disabled={!converter.canConvert}>
              Convert
            </Button>
          </div>
        </>
      )}
      {state.phase === 'sending' && <p aria-hidden="true">Sending the file…</p>}
      {['running', 'cancelling', 'stalled'].includes(state.phase) && state.progress && (
        <JobProgress
          pagesDone={state.progress.pagesDone}
          pagesTotal={state.progress.pagesTotal}
          cancelling={state.phase === 'cancelling'}
          onCancel={converter.cancel}
          stalled={state.phase === 'stalled'}
          onCheckAgain={converter.checkAgain}
        />
      )}
      {state.phase === 'cancelled' && <p>Cancelled: the pages not read were not charged.</p>}
      {state.failure && (
        <FailureNotice
          failure={state.failure}
          offerLargerFiles={addonMaxBytes(person) < PLAN_MAX_BYTES.premium}
        />
      )}
      {state.phase === 'done' && <ConverterResults converter={converter} />}
      <StyledHidden role="status" aria-live="polite" data-testid="converter-announcer">
        {announcement(state)}
      </StyledHidden>
    </StyledTool>
  );
}
