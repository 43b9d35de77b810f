import { Injectable } from '@nestjs/common';
import type { PublicUser, Role } from 'contracts';
import { UsersRepository, type UserRecord } from './users.repository.js';

export type { UserRecord };

export type SignInProfile = { subject: string; name: string; email: string };

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** Keyed by the provider's subject id, never by email. */
  recordSignIn(profile: SignInProfile): Promise<UserRecord> {
    return this.users.upsertByGoogleId(profile.subject, {
      name: profile.name,
      email: profile.email,
    });
  }

  findById(id: string): Promise<UserRecord | null> {
    return this.users.findById(id);
  }

  /** Records that the user sent their first text-OCR feedback (idempotent). */
  markTextOcrFeedbackSubmitted(id: string): Promise<void> {
    return this.users.setTextOcrFeedbackSubmitted(id);
  }

  /** Grants or revokes a role for every account with this email; answers how many matched. */
  setRole(email: string, role: Role, granted: boolean): Promise<number> {
    return this.users.setRole(email, role, granted);
  }

  /** Every field of spec §3, by name; dates as ISO strings, as they travel. */
  toPublic(user: UserRecord): PublicUser {
    return {
      googleId: user.googleId,
      name: user.name,
      email: user.email,
      isPremium: user.isPremium,
      planType: user.planType,
      premiumSince: iso(user.premiumSince),
      nextBilling: iso(user.nextBilling),
      validTill: iso(user.validTill),
      isCancelled: user.isCancelled,
      isTrialPlan: user.isTrialPlan,
      subscriptionId: user.subscriptionId,
      isTextOcrFeedbackSubmitted: user.isTextOcrFeedbackSubmitted,
      isExtPremium: user.isExtPremium,
      extPlan: user.extPlan,
      extLastBilled: iso(user.extLastBilled),
      extNextBilling: iso(user.extNextBilling),
      extValidTill: iso(user.extValidTill),
      isExtCancelled: user.isExtCancelled,
      topUpBalance: user.topUpBalance,
      defaultBalance: user.defaultBalance,
      roles: user.roles,
    };
  }
}

const iso = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
