import { Button, CarryLink, loginFromHere, tokens } from 'shared-ui';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import type { ConverterFailure } from '../converter-api';
import { PRICING_PATH } from './CreditsPanel';

const StyledError = styled.div`
  color: ${tokens.color.error};
  p {
    margin: 0 0 ${tokens.space[2]};
  }
`;

/** An API error as the converter shows it: the API's sentence and what to do next. */
export function FailureNotice({
  failure,
  offerLargerFiles,
}: {
  failure: ConverterFailure;
  /** The person's limit is the free one: paid plans and credits read larger files. */
  offerLargerFiles: boolean;
}) {
  const location = useLocation();
  return (
    <StyledError role="alert">
      <p>{failure.text}</p>
      {failure.kind === 'signIn' && (
        <Button variant="link" onClick={() => loginFromHere(location)}>
          Log in again
        </Button>
      )}
      {failure.kind === 'credits' && (
        <p>
          <CarryLink to={PRICING_PATH}>Buy credits to read more pages</CarryLink>
        </p>
      )}
      {failure.kind === 'size' && offerLargerFiles && (
        <p>
          Paid plans and bought credits read files up to 30MB.{' '}
          <CarryLink to={PRICING_PATH}>See plans and credits</CarryLink>
        </p>
      )}
      {failure.kind === 'retry' && (
        <p>
          {failure.retryAfterSeconds
            ? `Please try again in ${String(failure.retryAfterSeconds)} seconds.`
            : 'Please try again in a moment.'}
        </p>
      )}
    </StyledError>
  );
}
