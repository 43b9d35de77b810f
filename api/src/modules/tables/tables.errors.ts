import { DomainError } from '../../common/errors/domain-error.js';

// The table reader's request errors (the file's own are the engine's catalogue; credits are
// billing's NOT_ENOUGH_CREDITS; jobs are jobs.errors.ts).
export const tablesErrors = {
  pageAndPages: () => new DomainError('BAD_REQUEST', 'Give either page or pages, not both.', 400),
  reversedRange: () =>
    new DomainError('BAD_REQUEST', 'pages.first must not be after pages.last.', 400),
  pagePerTable: () =>
    new DomainError('BAD_REQUEST', 'pages must give one page for each table.', 400),
};
