import type { Currency } from 'contracts';

// How money and dates read on the billing pages. Dates are shown in UTC: the API stores them
// so, and a renewal date must not move by a day with the reader's time zone.

const LOCALE_OF: Record<Currency, string> = { INR: 'en-IN', USD: 'en-US' };

// Each formatter is made on first use and kept: making one is the costly part (the first one in
// a page loads the locale's data, a phone's ~20 ms), so none is made while a module loads.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** '₹129', '$4', '$0.025': whole amounts without decimals, rates with the digits they have. */
export function formatMoney(amount: number, currency: Currency): string {
  const whole = Number.isInteger(amount);
  const key = `${currency}:${String(whole)}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_OF[currency], {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 3,
    });
    moneyFormats.set(key, format);
  }
  return format.format(amount);
}

let dateFormat: Intl.DateTimeFormat | undefined;

/** '24 Nov 2026'. */
export function formatDate(date: Date): string {
  dateFormat ??= new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateFormat.format(date);
}

/** A date from the API (ISO), or null when missing or unreadable. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
