import type { PlanType, PublicUser } from 'contracts';

// The signed-in person is the API's PublicUser (contracts); shared-ui's consumers know it as User.
export type { PlanType };

/** The signed-in person as GET /api/me returns them (spec §3). */
export type User = PublicUser;

/** undefined while loading, null when signed out (spec §4). */
export type SessionState = User | null | undefined;

export const isLifetime = (user: SessionState): boolean => user?.planType === 'Lifetime';
