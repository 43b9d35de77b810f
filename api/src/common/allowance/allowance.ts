// Metering, once (docs/architecture.md): the free plan's daily text slots and the add-on's credits
// are both an allowance that whatever runs a job spends the same way, without caring which:
//
//   reserve(userId, amount, ref) → hold   before any work starts (refused when too few are left)
//   commit(hold, used)                    the work ended: `used` stay spent, the rest go back
//   refund(hold)                          nothing was delivered: everything goes back
//
// A hold is closed by its first commit or refund; a repeated commit or refund of the same hold
// (a retry, a sweep racing the job's own end) changes nothing. Each implementation makes its
// moves atomic on the database it keeps them in, so parallel reservations of the last units
// leave exactly as many winners as there were units.

/** Units taken for one piece of work, named by `ref` within the person's allowance. */
export type Hold = { userId: string; ref: string; amount: number };

export type Allowance = {
  /**
   * Takes `amount` units for the work named `ref`, or throws the allowance's own "none left"
   * error (DAILY_LIMIT_REACHED, NOT_ENOUGH_CREDITS). A ref already open answers its hold again.
   */
  reserve(userId: string, amount: number, ref: string): Promise<Hold>;
  /** Closes the hold: `used` (0…amount) stay spent, the others are given back. Once per ref. */
  commit(hold: Pick<Hold, 'userId' | 'ref'>, used: number): Promise<void>;
  /** Closes the hold giving every unit back (commit with 0 used). Once per ref. */
  refund(hold: Pick<Hold, 'userId' | 'ref'>): Promise<void>;
};
