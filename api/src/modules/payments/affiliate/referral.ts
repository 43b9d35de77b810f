/** An affiliate code as trackers issue them; anything else is not a referral and is dropped. */
const REFERRAL = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/** The `aff` a page sent with an order, kept with it when it is a plain code; else null. */
export const referralOf = (aff: string | undefined): string | null =>
  aff !== undefined && REFERRAL.test(aff.trim()) ? aff.trim() : null;
