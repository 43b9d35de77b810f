import { Injectable } from '@nestjs/common';
import type { PublicUser, Role } from 'contracts';
import { UsersRepository, type LegacyPlanFields, type UserRecord } from './users.repository.js';

export type { LegacyPlanFields, UserRecord };

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

  /** The user web sign-in keyed by this provider subject id; null before their first sign-in. */
  findByGoogleId(subject: string): Promise<UserRecord | null> {
    return this.users.findByGoogleId(subject);
  }

  /** Records that the user sent their first text-OCR feedback (idempotent). */
  markTextOcrFeedbackSubmitted(id: string): Promise<void> {
    return this.users.setTextOcrFeedbackSubmitted(id);
  }

  /** Grants or revokes a role for every account with this email; answers how many matched. */
  setRole(email: string, role: Role, granted: boolean): Promise<number> {
    return this.users.setRole(email, role, granted);
  }

  /** Every account with this email. */
  findByEmail(email: string): Promise<UserRecord[]> {
    return this.users.findByEmail(email);
  }

  /** For the billing module's start-up migration: users still carrying plan fields. */
  findWithLegacyPlanFields(limit: number): Promise<LegacyPlanFields[]> {
    return this.users.findWithLegacyPlanFields(limit);
  }

  /** For the billing module's start-up migration, once it holds the fields. */
  unsetLegacyPlanFields(id: string): Promise<void> {
    return this.users.unsetLegacyPlanFields(id);
  }

  /** The identity fields of spec §3 (the billing module adds the plan fields). */
  toPublicIdentity(user: UserRecord): PublicIdentity {
    return {
      googleId: user.googleId,
      name: user.name,
      email: user.email,
      isTextOcrFeedbackSubmitted: user.isTextOcrFeedbackSubmitted,
      roles: user.roles,
    };
  }
}

export type PublicIdentity = Pick<
  PublicUser,
  'googleId' | 'name' | 'email' | 'isTextOcrFeedbackSubmitted' | 'roles'
>;
