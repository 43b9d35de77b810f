import type { Currency } from 'contracts';

// How money and dates read on the billing pages. Dates are shown in UTC: the API stores them
// so, and a renewal date must not move by a day with the reader's time zone.

const LOCALE_OF: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };

/** '₹129', '$4', '$0.025': whole amounts without decimals, rates with the digits they have. */
export function formatMoney(amount: number, currency: Currency): string {
  return new Intl.NumberFormat(LOCALE_OF[currency], {
    style: 'currency',
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 3,
  }).format(amount);
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** '24 Nov 2026'. */
export const formatDate = (date: Date): string => DATE.format(date);

/** A date from the API (ISO), or null when missing or unreadable. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
