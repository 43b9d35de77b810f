import type { ErrorCode } from 'contracts';
// Typed errors with a stable string code. Each domain extends this in its <domain>.errors.ts; the
// global filter turns them into `{ code, error }` with the status given here.
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly headers: Record<string, string> = {},
    /** Extra fields of the answer's body besides code and error. */
    readonly details: Record<string, string | number | boolean> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
