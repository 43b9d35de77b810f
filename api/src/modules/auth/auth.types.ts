import type { UserRecord } from '../users/users.service.js';

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
    interface User extends UserRecord {}
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */
