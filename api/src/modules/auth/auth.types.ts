import type { Entitlements } from '../billing/billing.service.js';
import type { UserRecord } from '../users/users.service.js';

/**
 * The signed-in person on a request: identity (users module) and their plans and credits as they
 * stand at this request (billing module; effective values: a plan past its end gives nothing).
 */
export type SignedInUser = UserRecord & Entitlements;

// Module augmentation merges only with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'express-session' {
  interface SessionData {
    /** Same-site path to return to after sign-in. */
    returnTo?: string;
    /** When the session's expiry was last pushed back (ms since epoch); see session.setup.ts. */
    renewedAt?: number;
    /** Passport's own record of the signed-in user. */
    passport?: { user?: string };
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    returnTo?: string;
    /** When the session's expiry was last pushed back (ms since epoch); see session.setup.ts. */
    renewedAt?: number;
    /** Passport's own record of the signed-in user. */
    passport?: { user?: string };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- passport's own augmentation point
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges with passport's
    interface User extends SignedInUser {}
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
