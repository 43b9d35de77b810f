import { applyChange, type PlanChange, type ScopeState, type Term } from './entitlements.js';
import {
  currentDefaultBalance,
  effectiveEntitlements,
  NO_ENTITLEMENTS,
  type AllowanceRule,
} from './entitlements-view.js';

const t = (day: number, hour = 0): Date => new Date(Date.UTC(2026, 10, day, hour));
const NOW = t(15);
const EMPTY: ScopeState = { current: null, seen: [] };

const grant = (ref: string, at: Date, extra: Partial<PlanChange> = {}): PlanChange => ({
  kind: 'grant',
  ref,
  at,
  plan: 'Pro Monthly',
  mode: 'subscription',
  start: at,
  end: new Date(at.getTime() + 30 * 86_400_000),
  trial: false,
  ...extra,
});

/** Applies changes in order, answering the final state and each outcome. */
function run(changes: PlanChange[], start: ScopeState = EMPTY, now = NOW) {
  let state = start;
  const outcomes = changes.map((change) => {
    const result = applyChange(state, change, now);
    state = result.state;
    return result.outcome;
  });
  return { state, outcomes };
}

describe('plan changes (idempotent state sets, ordered by the provider time)', () => {
  it('grants a subscription that renews until cancelled', () => {
    const { state, outcomes } = run([grant('ls:sub_1', t(1))]);
    expect(outcomes).toEqual(['applied']);
    expect(state.current).toMatchObject({
      plan: 'Pro Monthly',
      mode: 'subscription',
      start: t(1),
      end: t(31),
      cancelled: false,
      ref: 'ls:sub_1',
    });
  });

  it('treats a repeated grant as a no-op', () => {
    const { state, outcomes } = run([grant('ls:sub_1', t(1)), grant('ls:sub_1', t(1))]);
    expect(outcomes).toEqual(['applied', 'duplicate']);
    expect(state.seen).toHaveLength(1);
  });

  it('renews: a new end, the cancellation flag cleared, last billed moved', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'renew', ref: 'ls:sub_1', at: t(30), end: t(60) },
    ]);
    expect(outcomes).toEqual(['applied', 'applied']);
    expect(state.current).toMatchObject({ end: t(60), lastBilled: t(30), cancelled: false });
  });

  it('cancels (access until the paid end) and resumes', () => {
    const cancelled = run([grant('ls:sub_1', t(1)), { kind: 'cancel', ref: 'ls:sub_1', at: t(5) }]);
    expect(cancelled.state.current).toMatchObject({ cancelled: true, end: t(31) });
    const resumed = run([{ kind: 'resume', ref: 'ls:sub_1', at: t(6) }], cancelled.state);
    expect(resumed.outcomes).toEqual(['applied']);
    expect(resumed.state.current).toMatchObject({ cancelled: false, end: t(31) });
  });

  it('takes the end a cancellation gives', () => {
    const { state } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'cancel', ref: 'ls:sub_1', at: t(5), end: t(20) },
    ]);
    expect(state.current?.end).toEqual(t(20));
  });

  it('expires and refunds: back to free, and the source never grants again', () => {
    for (const kind of ['expire', 'refund'] as const) {
      const { state, outcomes } = run([
        grant('rzp:pay_1', t(1), { mode: 'pass' }),
        { kind, ref: 'rzp:pay_1', at: t(2) },
        grant('rzp:pay_1', t(3), { mode: 'pass' }),
        { kind: 'resume', ref: 'rzp:pay_1', at: t(4) },
      ]);
      expect(state.current).toBeNull();
      expect(outcomes).toEqual(['applied', 'applied', 'ended', 'ended']);
    }
  });

  it('ignores a change older than what is known of its source', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'cancel', ref: 'ls:sub_1', at: t(10) },
      { kind: 'resume', ref: 'ls:sub_1', at: t(5) },
      { kind: 'renew', ref: 'ls:sub_1', at: t(8), end: t(60) },
    ]);
    // The late resume is ignored; the late renewal was paid for, so its period still counts.
    expect(outcomes).toEqual(['applied', 'applied', 'stale', 'applied']);
    expect(state.current).toMatchObject({ cancelled: true, end: t(60) });
  });

  it('does not let a late renewal move an end a cancellation fixed', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'cancel', ref: 'ls:sub_1', at: t(10), end: t(12) },
      { kind: 'renew', ref: 'ls:sub_1', at: t(8), end: t(60) },
    ]);
    expect(outcomes).toEqual(['applied', 'applied', 'stale']);
    expect(state.current).toMatchObject({ cancelled: true, end: t(12) });
  });

  it('keeps a cancellation that arrived before the creation (security plan 31)', () => {
    const { state, outcomes } = run([
      { kind: 'cancel', ref: 'ls:sub_1', at: t(5), end: t(31) },
      grant('ls:sub_1', t(1)),
    ]);
    expect(outcomes).toEqual(['not-current', 'applied']);
    expect(state.current).toMatchObject({ plan: 'Pro Monthly', cancelled: true, end: t(31) });
  });

  it('keeps a renewal that arrived before the creation', () => {
    const { state } = run([
      { kind: 'renew', ref: 'ls:sub_1', at: t(31), end: t(61) },
      grant('ls:sub_1', t(1)),
    ]);
    expect(state.current).toMatchObject({ end: t(61), cancelled: false });
  });

  it('never re-activates on a replay of an old grant after a cancellation (security plan 31)', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'cancel', ref: 'ls:sub_1', at: t(5) },
      grant('ls:sub_1', t(1)),
    ]);
    expect(outcomes[2]).toBe('duplicate');
    expect(state.current?.cancelled).toBe(true);
  });

  it('never re-activates a refunded payment when its grant is replayed or arrives late', () => {
    const late = run([{ kind: 'refund', ref: 'rzp:pay_1', at: t(3) }, grant('rzp:pay_1', t(1))]);
    expect(late.state.current).toBeNull();
    expect(late.outcomes).toEqual(['not-current', 'duplicate']);
  });

  it('ends a subscription on a refund dated before its last known status, once (a chargeback)', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'renew', ref: 'ls:sub_1', at: t(10), end: t(40) },
      { kind: 'refund', ref: 'ls:sub_1', at: t(5) },
      { kind: 'refund', ref: 'ls:sub_1', at: t(5) },
      { kind: 'cancel', ref: 'ls:sub_1', at: t(12) },
      grant('ls:sub_1', t(13)),
    ]);
    expect(outcomes).toEqual(['applied', 'applied', 'applied', 'duplicate', 'ended', 'ended']);
    expect(state.current).toBeNull();
  });

  it('records changes of another source without touching the current plan', () => {
    const { state, outcomes } = run([
      grant('rzp:pay_2', t(10), { plan: 'Pro Yearly', mode: 'pass' }),
      { kind: 'cancel', ref: 'ls:sub_old', at: t(11) },
      { kind: 'expire', ref: 'ls:sub_old', at: t(12) },
    ]);
    expect(outcomes).toEqual(['applied', 'not-current', 'not-current']);
    expect(state.current).toMatchObject({ plan: 'Pro Yearly', ref: 'rzp:pay_2' });
  });

  it('keeps the newer purchase when an older one is delivered late', () => {
    const { state, outcomes } = run([
      grant('rzp:pay_yearly', t(10), { plan: 'Pro Yearly', mode: 'pass' }),
      grant('rzp:pay_monthly', t(5), { plan: 'Pro Monthly', mode: 'pass' }),
    ]);
    expect(outcomes).toEqual(['applied', 'kept-newer']);
    expect(state.current?.plan).toBe('Pro Yearly');
  });

  it('lets a new purchase replace an older current plan', () => {
    const { state } = run([
      grant('rzp:pay_monthly', t(1), { mode: 'pass' }),
      grant('rzp:pay_yearly', t(10), { plan: 'Pro Yearly', mode: 'pass' }),
    ]);
    expect(state.current?.plan).toBe('Pro Yearly');
  });

  it('keeps a pass bought during a subscription when that subscription renews or is cancelled', () => {
    // Pro Monthly through the overlay, then a yearly pass by card on day 10; the subscription's
    // later updates (a renewal on day 31, its cancellation) must not cut the pass short.
    const { state, outcomes } = run(
      [
        grant('ls:sub_1', t(1)),
        grant('rzp:pay_yearly', t(10), { plan: 'Pro Yearly', mode: 'pass', end: t(375) }),
        grant('ls:sub_1', t(31), { start: t(1), end: t(61) }),
        { kind: 'cancel', ref: 'ls:sub_1', at: t(32), end: t(61) },
        grant('ls:sub_1', t(32), { start: t(1), end: t(61) }),
      ],
      EMPTY,
      t(31),
    );
    expect(outcomes).toEqual(['applied', 'applied', 'not-current', 'not-current', 'not-current']);
    expect(state.current).toMatchObject({ plan: 'Pro Yearly', ref: 'rzp:pay_yearly' });
    // …but a subscription that outlasts the pass takes over again when it renews past its end.
    const later = run(
      [grant('ls:sub_1', t(31), { start: t(1), end: t(400) })],
      run([grant('ls:sub_1', t(1)), grant('rzp:pay_yearly', t(10), { mode: 'pass', end: t(375) })])
        .state,
      t(12),
    );
    expect(later.outcomes).toEqual(['applied']);
    expect(later.state.current?.ref).toBe('ls:sub_1');
  });

  it('keeps a yearly pass over a weekly pass or subscription bought while it runs (issue 20)', () => {
    const yearly = run([
      grant('rzp:pay_yearly', t(1), { plan: 'Pro Yearly', mode: 'pass', end: t(366) }),
    ]);
    const { state, outcomes } = run(
      [
        grant('pp:pay_weekly', t(2), { plan: 'Pro Weekly', mode: 'pass', end: t(9) }),
        grant('ls:sub_weekly', t(3), { plan: 'Pro Weekly', end: t(10) }),
        // Its renewal still ends before the pass: still kept out.
        grant('ls:sub_weekly', t(10), { plan: 'Pro Weekly', start: t(3), end: t(17) }),
      ],
      yearly.state,
      t(4),
    );
    expect(outcomes).toEqual(['kept-longer', 'kept-longer', 'not-current']);
    expect(state.current).toMatchObject({ plan: 'Pro Yearly', ref: 'rzp:pay_yearly', end: t(366) });
    // Support's grant still replaces it.
    const support = run(
      [grant('support:op', t(5), { plan: 'Pro Weekly', mode: 'manual', override: true })],
      yearly.state,
      t(5),
    );
    expect(support.state.current?.plan).toBe('Pro Weekly');
  });

  it('keeps a larger add-on allowance over a smaller subscription bought while it runs', () => {
    const sub1000 = run([grant('ls:sub_a', t(1), { plan: 'sub1000', end: t(31) })]);
    const smaller = run(
      [grant('ls:sub_b', t(2), { plan: 'sub100', end: t(32), smallerThan: ['sub500', 'sub1000'] })],
      sub1000.state,
      t(3),
    );
    expect(smaller.outcomes).toEqual(['kept-longer']);
    expect(smaller.state.current?.plan).toBe('sub1000');
    const larger = run(
      [grant('ls:sub_c', t(2), { plan: 'sub1000', end: t(32), smallerThan: [] })],
      sub1000.state,
      t(3),
    );
    expect(larger.outcomes).toEqual(['applied']);
  });

  it('keeps a lifetime plan over a fixed-term grant, but support may override it', () => {
    const lifetime = run([grant('pp:pay_1', t(1), { plan: 'Lifetime', mode: 'pass', end: null })]);
    const weekly = run(
      [grant('pp:pay_2', t(2), { plan: 'Pro Weekly', mode: 'pass' })],
      lifetime.state,
    );
    expect(weekly.outcomes).toEqual(['kept-lifetime']);
    expect(weekly.state.current?.plan).toBe('Lifetime');
    const support = run(
      [grant('support:op', t(3), { plan: 'Pro Monthly', mode: 'manual', override: true })],
      lifetime.state,
    );
    expect(support.state.current?.plan).toBe('Pro Monthly');
  });

  it('replaces a plan that has already ended, whatever its time', () => {
    const old = run([grant('rzp:pay_1', t(20), { mode: 'pass', end: t(21) })]);
    const { state, outcomes } = run(
      [grant('rzp:pay_2', t(10), { mode: 'pass', end: t(40) })],
      old.state,
      t(25),
    );
    expect(outcomes).toEqual(['applied']);
    expect(state.current?.ref).toBe('rzp:pay_2');
  });

  it('revokes (support) whatever the source, and that source stays ended', () => {
    const { state, outcomes } = run([
      grant('ls:sub_1', t(1)),
      { kind: 'revoke', ref: 'support:op', at: t(2) },
      { kind: 'renew', ref: 'ls:sub_1', at: t(31), end: t(61) },
      { kind: 'revoke', ref: 'support:op2', at: t(3) },
    ]);
    expect(state.current).toBeNull();
    expect(outcomes).toEqual(['applied', 'applied', 'ended', 'duplicate']);
  });

  it('reaches the same final state whatever order the events come in', () => {
    const events: PlanChange[] = [
      grant('ls:sub_1', t(1)),
      { kind: 'renew', ref: 'ls:sub_1', at: t(31), end: t(61) },
      { kind: 'cancel', ref: 'ls:sub_1', at: t(40) },
    ];
    const orders = [
      [0, 1, 2],
      [0, 2, 1],
      [1, 0, 2],
      [1, 2, 0],
      [2, 0, 1],
      [2, 1, 0],
    ];
    const finals = orders.map((order) => {
      const current = run(
        order.map((i) => events[i] as PlanChange),
        EMPTY,
        t(45),
      ).state.current;
      return { end: current?.end, cancelled: current?.cancelled, plan: current?.plan };
    });
    for (const final of finals) {
      expect(final).toEqual({ end: t(61), cancelled: true, plan: 'Pro Monthly' });
    }
  });
});

const RULE: AllowanceRule = {
  freeCredits: 5,
  creditsOf: (plan) => ({ sub100: 100, sub500: 500, sub1000: 1000 })[plan],
};

const term = (extra: Partial<Term>): Term => ({
  plan: 'Pro Monthly',
  mode: 'subscription',
  start: t(1),
  end: t(31),
  lastBilled: t(1),
  cancelled: false,
  trial: false,
  ref: 'ls:sub_1',
  at: t(1),
  ...extra,
});

describe('effective entitlements (what /api/me and the limits read)', () => {
  it('reads a person with nothing stored as free with the month’s 5 credits', () => {
    expect(effectiveEntitlements(NO_ENTITLEMENTS, NOW, RULE)).toMatchObject({
      isPremium: false,
      planType: 'Free user',
      validTill: null,
      nextBilling: null,
      isExtPremium: false,
      topUpBalance: 0,
      defaultBalance: 5,
    });
  });

  it('shows an active subscription with its renewal date and id', () => {
    const e = effectiveEntitlements({ ...NO_ENTITLEMENTS, main: term({}) }, NOW, RULE);
    expect(e).toMatchObject({
      isPremium: true,
      planType: 'Pro Monthly',
      premiumSince: t(1),
      nextBilling: t(31),
      validTill: t(31),
      isCancelled: false,
      subscriptionId: 'sub_1',
    });
  });

  it('shows a cancelled subscription as valid till its end, without a renewal', () => {
    const e = effectiveEntitlements(
      { ...NO_ENTITLEMENTS, main: term({ cancelled: true }) },
      NOW,
      RULE,
    );
    expect(e).toMatchObject({
      isPremium: true,
      isCancelled: true,
      nextBilling: null,
      validTill: t(31),
    });
  });

  it('shows a pass as valid till its end, never renewing, without a subscription id', () => {
    const e = effectiveEntitlements(
      { ...NO_ENTITLEMENTS, main: term({ mode: 'pass', ref: 'rzp:pay_1' }) },
      NOW,
      RULE,
    );
    expect(e).toMatchObject({ nextBilling: null, validTill: t(31), subscriptionId: null });
  });

  it('shows lifetime without an end and a trial without renewal', () => {
    const lifetime = effectiveEntitlements(
      { ...NO_ENTITLEMENTS, main: term({ plan: 'Lifetime', mode: 'pass', end: null }) },
      t(400),
      RULE,
    );
    expect(lifetime).toMatchObject({ isPremium: true, planType: 'Lifetime', validTill: null });
    const trial = effectiveEntitlements(
      { ...NO_ENTITLEMENTS, main: term({ trial: true, mode: 'manual' }) },
      NOW,
      RULE,
    );
    expect(trial).toMatchObject({ isTrialPlan: true, nextBilling: null });
  });

  it('stops premium the instant a plan passes its end', () => {
    const stored = { ...NO_ENTITLEMENTS, main: term({ end: t(15, 12) }) };
    expect(effectiveEntitlements(stored, new Date(t(15, 12).getTime() - 1), RULE).isPremium).toBe(
      true,
    );
    expect(effectiveEntitlements(stored, t(15, 12), RULE)).toMatchObject({
      isPremium: false,
      planType: 'Free user',
      validTill: null,
    });
  });

  it('shows the add-on subscription and its allowance; an ended one gives the free 5 again', () => {
    const addon = term({ plan: 'sub500', ref: 'ls:sub_a' });
    const stored = { ...NO_ENTITLEMENTS, addon, balanceMonth: '2026-10', defaultBalance: 2 };
    expect(effectiveEntitlements(stored, NOW, RULE)).toMatchObject({
      isExtPremium: true,
      extPlan: 'sub500',
      extLastBilled: t(1),
      extNextBilling: t(31),
      extValidTill: t(31),
      defaultBalance: 500,
    });
    expect(currentDefaultBalance(stored, new Date(Date.UTC(2026, 11, 2)), RULE)).toBe(5);
  });

  it('keeps this month’s spent allowance until the month changes', () => {
    const stored = {
      ...NO_ENTITLEMENTS,
      balanceMonth: '2026-11',
      defaultBalance: 1,
      topUpBalance: 40,
    };
    expect(effectiveEntitlements(stored, NOW, RULE)).toMatchObject({
      defaultBalance: 1,
      topUpBalance: 40,
    });
    expect(currentDefaultBalance(stored, new Date(Date.UTC(2026, 11, 1)), RULE)).toBe(5);
  });
});
