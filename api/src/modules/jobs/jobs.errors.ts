import { DomainError } from '../../common/errors/domain-error.js';

// The jobs domain's errors.
export const jobsErrors = {
  /** Also for someone else's job: whether an id exists is nobody else's business. */
  notFound: () =>
    new DomainError('JOB_NOT_FOUND', 'There is no such job (it may have expired).', 404),
  notDone: () => new DomainError('JOB_NOT_DONE', 'This job has no result to download (yet).', 409),
};

/** What a job whose instance stopped answers (it cost nothing: its hold was given back). */
export const JOB_LOST = {
  code: 'ENGINE_FAILED',
  error: 'The server reading this file stopped before it finished. Nothing was charged.',
};
