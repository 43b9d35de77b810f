// The invoice's totals check, in integer cents: the line items against the stated subtotal
// and total, and the subtotal and tax against the total. A mismatch is reported, never hidden.
import type { InvoiceResult } from './layout.js';
import { cellAt, type LineItems } from './invoice-items.js';
import { centsToDisplay, centsToPlain, parseAmount, type DecimalStyle } from './money.js';

export type Stated = { text: string; cents: number } | null;

/**
 * The totals check: the items' amount column summed against the subtotal (or, without one, the
 * total less tax), and subtotal + tax + shipping - discount against the total. Each mismatch is
 * a problem in words; `ok` is null when there was nothing to compare.
 */
export function checkTotals(
  items: LineItems | null,
  amounts: Record<'subtotal' | 'tax' | 'total' | 'shipping' | 'discount', Stated>,
  style: DecimalStyle,
): InvoiceResult['check'] {
  const problems: string[] = [];
  const show = (cents: number) => centsToDisplay(cents, style);
  let ok: boolean | null = null;
  const verdict = (pass: boolean) => (ok = (ok ?? true) && pass);
  let sum: number | null = null;
  if (items && items.amountColumn !== null) {
    const column = items.amountColumn;
    const ocr = Boolean(items.table.confidence);
    sum = 0;
    for (const r of items.itemRows) {
      const cell = cellAt(items.table, r, column);
      if (!cell) continue;
      const amount = parseAmount(cell, style, ocr);
      if (amount) sum += amount.cents;
      else problems.push(`Line item ${r} has an amount that could not be read: "${cell}"`);
    }
  } else if (items) {
    problems.push('The line items have no column of amounts to add up');
  }
  const { subtotal, tax, total, shipping, discount } = amounts;
  if (sum !== null && subtotal) {
    verdict(sum === subtotal.cents);
    if (sum !== subtotal.cents) {
      problems.push(`Line items add up to ${show(sum)} but the subtotal says ${subtotal.text}`);
    }
  } else if (sum !== null && total) {
    const withTax = sum + (tax?.cents ?? 0);
    verdict(withTax === total.cents);
    if (withTax !== total.cents) {
      const what = tax ? 'Line items plus tax add up to' : 'Line items add up to';
      problems.push(`${what} ${show(withTax)} but the total says ${total.text}`);
    }
  }
  if (subtotal && total && (tax || subtotal.cents !== total.cents || shipping || discount)) {
    // A discount printed without a sign still lowers the total.
    const off = discount ? -Math.abs(discount.cents) : 0;
    const expected = subtotal.cents + (tax?.cents ?? 0) + (shipping?.cents ?? 0) + off;
    verdict(expected === total.cents);
    if (expected !== total.cents) {
      const parts = [`Subtotal ${subtotal.text}`];
      if (tax) parts.push(`plus tax ${tax.text}`);
      if (shipping) parts.push(`plus shipping ${shipping.text}`);
      if (discount) parts.push(`less discount ${discount.text}`);
      problems.push(
        parts.length > 1
          ? `${parts.join(' ')} is ${show(expected)} but the total says ${total.text}`
          : `Subtotal ${subtotal.text} differs from the total ${total.text}, and no tax or other charge was found`,
      );
    }
  }
  return { ok, lineItemsSum: sum === null ? null : centsToPlain(sum), problems };
}
