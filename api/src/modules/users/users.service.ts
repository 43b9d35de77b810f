import { Injectable } from '@nestjs/common';
import { UsersRepository, type UserRecord } from './users.repository.js';

/** What GET /api/me answers: the spec's fields, no internal ids. */
export type PublicUser = Omit<UserRecord, 'id' | 'createdAt' | 'updatedAt'>;

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

  /** Every field of spec §3, by name. */
  toPublic(user: UserRecord): PublicUser {
    return {
      googleId: user.googleId,
      name: user.name,
      email: user.email,
      isPremium: user.isPremium,
      planType: user.planType,
      premiumSince: user.premiumSince,
      nextBilling: user.nextBilling,
      validTill: user.validTill,
      isCancelled: user.isCancelled,
      isTrialPlan: user.isTrialPlan,
      subscriptionId: user.subscriptionId,
      isTextOcrFeedbackSubmitted: user.isTextOcrFeedbackSubmitted,
      isExtPremium: user.isExtPremium,
      extPlan: user.extPlan,
      extLastBilled: user.extLastBilled,
      extNextBilling: user.extNextBilling,
      extValidTill: user.extValidTill,
      isExtCancelled: user.isExtCancelled,
      topUpBalance: user.topUpBalance,
      defaultBalance: user.defaultBalance,
      roles: user.roles,
    };
  }
}
