import type { UserRecord } from '../users/users.service.js';

// Module augmentation merges only with interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'express-session' {
  interface SessionData {
    /** Same-site path to return to after sign-in. */
    returnTo?: string;
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    returnTo?: string;
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
