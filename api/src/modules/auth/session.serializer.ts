import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { BillingService } from '../billing/billing.service.js';
import { UsersService } from '../users/users.service.js';

type Done<T> = (error: unknown, value?: T | false) => void;

/**
 * The session holds only the user's id; each request reads the current identity and, in parallel,
 * the current plans and credits (BillingService.entitlementsOf: one indexed read, never cached).
 */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(
    private readonly users: UsersService,
    private readonly billing: BillingService,
  ) {
    super();
  }

  serializeUser(user: Express.User, done: Done<string>): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: Done<Express.User>): void {
    Promise.all([this.users.findById(id), this.billing.entitlementsOf(id)]).then(
      ([user, entitlements]) => done(null, user ? Object.assign({}, user, entitlements) : false),
      (error: unknown) => done(error),
    );
  }
}
