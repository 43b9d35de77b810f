// The rules of plans as pure functions of the stored state, a change and the clock: what a grant,
// renewal, cancellation, resumption, expiry or refund does (applyChange), and what a person is
// entitled to now (effective*). The service persists their results with conditional updates.

/** 'main': the text-OCR plan (isPremium…); 'addon': the spreadsheet add-on's subscription. */
export type PlanScope = 'main' | 'addon';

/**
 * pass: a card or wallet purchase, fixed term, never renews. subscription: bought through the
 * hosted overlay, renews until cancelled. manual: granted by support.
 */
export type BillingMode = 'pass' | 'subscription' | 'manual';

/** A plan the person holds: what, since when, until when (null: for ever), from which source. */
export type Term = {
  /** main: a PlanType ('Pro Monthly'…); addon: a subscription option ('sub100'…). */
  plan: string;
  mode: BillingMode;
  start: Date;
  end: Date | null;
  lastBilled: Date | null;
  cancelled: boolean;
  trial: boolean;
  /** `provider:id` of the payment or subscription that granted it. */
  ref: string;
  /** The provider's time of the newest change applied to it. */
  at: Date;
};

/**
 * Credits reserved for one piece of add-on work (a table job), under its ref: how many came from
 * the month's allowance (valid for `month` only) and how many from bought credits, so those not
 * used go back where they came from.
 */
export type CreditHold = {
  ref: string;
  fromDefault: number;
  fromTopUp: number;
  month: string;
  at: Date;
};

/** What is known of one payment or subscription, even before (or without) it being current. */
export type SeenRef = {
  ref: string;
  at: Date;
  status: 'active' | 'cancelled' | 'ended';
  end?: Date | null;
  /** The end was given by a cancellation: a late renewal does not move it. */
  endFixed?: boolean;
  /** A grant of it was applied once: a later grant of it is an update, not a new purchase. */
  granted?: boolean;
};

export type ScopeState = { current: Term | null; seen: SeenRef[] };

type Base = { ref: string; at: Date };
export type PlanChange =
  | (Base & {
      kind: 'grant';
      plan: string;
      mode: BillingMode;
      start: Date;
      end: Date | null;
      trial: boolean;
      /** Support: replaces whatever is current, even a newer or a lifetime plan. */
      override?: boolean;
      /** The plans this one is smaller than (the add-on's larger allowances): never replaces them. */
      smallerThan?: readonly string[];
    })
  | (Base & { kind: 'renew'; end: Date })
  | (Base & { kind: 'cancel'; end?: Date | null })
  | (Base & { kind: 'resume' })
  | (Base & { kind: 'expire' })
  | (Base & { kind: 'refund' })
  /** Support: back to free, whatever the current plan's source. */
  | (Base & { kind: 'revoke' });

export type ChangeOutcome =
  | 'applied'
  /** The same or an older change of this source was applied already. */
  | 'duplicate'
  /** A newer change of this source is already known. */
  | 'stale'
  /** The source has ended (refunded, expired, revoked): it never grants again. */
  | 'ended'
  /** Recorded for its source, which is not the current plan. */
  | 'not-current'
  /** A lifetime plan is kept over a fixed-term grant. */
  | 'kept-lifetime'
  /** A newer purchase stays current over an older one delivered late. */
  | 'kept-newer'
  /** A longer (or larger) current plan is kept over a purchase that would shorten it. */
  | 'kept-longer';

/** How many sources a scope remembers (the newest). */
const SEEN_LIMIT = 100;

export const isEffective = (term: Term | null, now: Date): term is Term =>
  term !== null && (term.end === null || term.end.getTime() > now.getTime());

const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);

function remember(seen: SeenRef[], entry: SeenRef): SeenRef[] {
  return [...seen.filter((s) => s.ref !== entry.ref), entry]
    .sort((a, b) => a.at.getTime() - b.at.getTime())
    .slice(-SEEN_LIMIT);
}

/**
 * Applies one change. Every change is a state set keyed by its source (`ref`) and ordered by the
 * provider's time (`at`): repeating one changes nothing, one older than what is known of its source
 * is ignored (except a refund, which ends its source whenever it is dated), and a status that
 * arrived before its grant (a cancellation, a refund before the creation) is kept and applied when
 * the grant comes.
 */
export function applyChange(
  state: ScopeState,
  change: PlanChange,
  now: Date,
): { state: ScopeState; outcome: ChangeOutcome } {
  const { current } = state;
  const seen = state.seen.find((s) => s.ref === change.ref);
  const unchanged = (outcome: ChangeOutcome) => ({ state, outcome });

  if (change.kind === 'revoke') {
    if (!current) return unchanged('duplicate');
    return {
      state: {
        current: null,
        seen: remember(state.seen, {
          ref: current.ref,
          at: later(change.at, current.at),
          status: 'ended',
        }),
      },
      outcome: 'applied',
    };
  }
  if (seen?.status === 'ended') {
    return unchanged(change.at.getTime() <= seen.at.getTime() ? 'duplicate' : 'ended');
  }

  if (change.kind === 'grant') return grant(state, change, seen, now);

  // A refund (or chargeback) is final whenever it is dated: the money went back, so a status of
  // the source sent after the payment it refunds never keeps the plan alive.
  if (seen && change.at.getTime() <= seen.at.getTime() && change.kind !== 'refund') {
    if (change.kind === 'renew') return lateRenewal(state, change, seen);
    return unchanged(change.at.getTime() === seen.at.getTime() ? 'duplicate' : 'stale');
  }
  const own = current?.ref === change.ref ? current : null;
  const knownEnd = seen?.end !== undefined ? seen.end : own?.end;
  const granted = seen?.granted ? { granted: true } : {};
  const entry: SeenRef = (() => {
    switch (change.kind) {
      case 'renew':
        return { ref: change.ref, at: change.at, status: 'active', end: change.end, ...granted };
      case 'resume':
        return {
          ...granted,
          ref: change.ref,
          at: change.at,
          status: 'active',
          ...(knownEnd !== undefined ? { end: knownEnd } : {}),
        };
      case 'cancel': {
        const end = change.end !== undefined ? change.end : knownEnd;
        return {
          ...granted,
          ref: change.ref,
          at: change.at,
          status: 'cancelled',
          ...(end !== undefined ? { end } : {}),
          ...(change.end !== undefined || seen?.endFixed ? { endFixed: true } : {}),
        };
      }
      case 'expire':
        return { ref: change.ref, at: change.at, status: 'ended' };
      case 'refund':
        return {
          ref: change.ref,
          at: seen ? later(change.at, seen.at) : change.at,
          status: 'ended',
        };
    }
  })();
  const seenNext = remember(state.seen, entry);
  if (!own) return { state: { current, seen: seenNext }, outcome: 'not-current' };

  let next: Term | null;
  switch (change.kind) {
    case 'renew':
      next = { ...own, end: change.end, lastBilled: change.at, cancelled: false, at: change.at };
      break;
    case 'resume':
      next = { ...own, cancelled: false, at: change.at };
      break;
    case 'cancel':
      next = {
        ...own,
        cancelled: true,
        end: change.end !== undefined ? change.end : own.end,
        at: change.at,
      };
      break;
    case 'expire':
    case 'refund':
      next = null;
      break;
  }
  return { state: { current: next, seen: seenNext }, outcome: 'applied' };
}

/**
 * A renewal older than the newest status of its subscription (a cancellation sent before it):
 * the period was paid for, so its end still extends access, unless the subscription has ended or
 * a cancellation fixed the end.
 */
function lateRenewal(
  state: ScopeState,
  change: Extract<PlanChange, { kind: 'renew' }>,
  seen: SeenRef,
): { state: ScopeState; outcome: ChangeOutcome } {
  const known = seen.end === undefined ? undefined : seen.end;
  if (seen.endFixed || known === null || (known && known.getTime() >= change.end.getTime())) {
    return { state, outcome: change.at.getTime() === seen.at.getTime() ? 'duplicate' : 'stale' };
  }
  const seenNext = remember(state.seen, { ...seen, end: change.end });
  const { current } = state;
  if (current?.ref !== change.ref)
    return { state: { current, seen: seenNext }, outcome: 'not-current' };
  const lastBilled =
    current.lastBilled && current.lastBilled.getTime() > change.at.getTime()
      ? current.lastBilled
      : change.at;
  return {
    state: { current: { ...current, end: change.end, lastBilled }, seen: seenNext },
    outcome: 'applied',
  };
}

function grant(
  state: ScopeState,
  change: Extract<PlanChange, { kind: 'grant' }>,
  seen: SeenRef | undefined,
  now: Date,
): { state: ScopeState; outcome: ChangeOutcome } {
  const { current } = state;
  const laterKnown = seen !== undefined && seen.at.getTime() >= change.at.getTime();
  if (current?.ref === change.ref && laterKnown) return { state, outcome: 'duplicate' };
  // A status of this source that came before its grant wins over the grant's own.
  const term: Term = {
    plan: change.plan,
    mode: change.mode,
    start: change.start,
    end: laterKnown && seen.end !== undefined ? seen.end : change.end,
    lastBilled: change.mode === 'manual' || change.trial ? null : change.start,
    cancelled: laterKnown && seen.status === 'cancelled',
    trial: change.trial,
    ref: change.ref,
    at: laterKnown ? seen.at : change.at,
  };
  const seenNext = remember(state.seen, {
    ref: term.ref,
    at: term.at,
    status: term.cancelled ? 'cancelled' : 'active',
    end: term.end,
    granted: true,
  });
  if (!change.override && current && current.ref !== change.ref && isEffective(current, now)) {
    if (current.end === null && term.end !== null) {
      return { state: { current, seen: seenNext }, outcome: 'kept-lifetime' };
    }
    // An update of a source that was current once and has since been replaced (a subscription
    // renewing, or cancelled, after a pass was bought): it takes over again only when it lasts
    // longer than what replaced it, so a monthly renewal never cuts a yearly pass short.
    if (
      seen?.granted &&
      current.end !== null &&
      term.end !== null &&
      term.end.getTime() <= current.end.getTime()
    ) {
      return { state: { current, seen: seenNext }, outcome: 'not-current' };
    }
    if (current.at.getTime() > change.at.getTime()) {
      return { state: { current, seen: seenNext }, outcome: 'kept-newer' };
    }
    // No purchase shortens what the person has (issue 20): a term that ends no later than the
    // current one, or a smaller add-on allowance, bought while it runs is recorded, not applied.
    // Checkouts refuse such a purchase first; this holds for one that arrives anyway.
    if (
      (current.end !== null && term.end !== null && term.end.getTime() <= current.end.getTime()) ||
      change.smallerThan?.includes(current.plan)
    ) {
      return { state: { current, seen: seenNext }, outcome: 'kept-longer' };
    }
  }
  return { state: { current: term, seen: seenNext }, outcome: 'applied' };
}

const DAY_MS = 24 * 3600_000;

/** start + days; null (for ever) when days is null. */
export const addDays = (start: Date, days: number | null): Date | null =>
  days === null ? null : new Date(start.getTime() + days * DAY_MS);

/** The calendar month (UTC) whose allowance defaultBalance holds, e.g. '2026-11'. */
export const monthOf = (now: Date): string => now.toISOString().slice(0, 7);
