import type { HeldRow, PaymentsAudit } from '../modules/payments/payments-audit.service.js';

// `npm run support -- payments EMAIL`: what support reads when a person asks about a payment.

const when = (date: Date | null | undefined): string =>
  date ? date.toISOString().replace('T', ' ').slice(0, 19) : '-';

export function formatPaymentsAudit(email: string, account: string, audit: PaymentsAudit): string {
  const lines = [`${email} (account ${account})`];
  lines.push(`  Orders (${String(audit.orders.length)}):`);
  for (const o of audit.orders) {
    lines.push(
      `    ${when(o.createdAt)}  ${o.provider} ${o.orderId}  ${o.plan}  ${String(o.amount)} ${o.currency}  ${o.status}` +
        (o.paymentId ? `  payment ${o.paymentId} at ${when(o.paidAt)}` : '') +
        (o.refundedAt ? `  refunded ${when(o.refundedAt)}` : ''),
    );
  }
  lines.push(`  Subscriptions (${String(audit.subscriptions.length)}):`);
  for (const s of audit.subscriptions) {
    lines.push(
      `    ${when(s.providerUpdatedAt)}  ${s.provider} ${s.subscriptionId}  ${s.scope} ${s.product}  ${s.status}` +
        `  renews ${when(s.renewsAt)}  ends ${when(s.endsAt)}` +
        (s.orderId ? `  order ${s.orderId}` : '') +
        (s.customerEmail ? `  paid by ${s.customerEmail}` : ''),
    );
  }
  lines.push(`  Payments (${String(audit.payments.length)}):`);
  for (const p of audit.payments) {
    lines.push(
      `    ${p.date.replace('T', ' ').slice(0, 19)}  ${p.provider} ${p.paymentId}  ${p.plan}  ${String(p.amount)} ${p.currency}`,
    );
  }
  lines.push(`  Webhook events (${String(audit.webhookEvents.length)}):`);
  for (const e of audit.webhookEvents) {
    lines.push(
      `    ${when(e.createdAt)}  ${e.provider} ${e.eventType ?? '?'} ${e.eventId}  ` +
        `signature ${e.signatureValid ? 'valid' : 'INVALID'}  ${e.outcome}` +
        (e.detail ? ` (${e.detail})` : '') +
        `  body sha256 ${e.bodySha256.slice(0, 16)}…`,
    );
  }
  lines.push(`  Entitlement changes (${String(audit.entitlementChanges.length)}):`);
  for (const h of audit.entitlementChanges) {
    const by = h.by.kind === 'provider' ? `${h.by.name} ${h.by.id}` : `${h.by.kind} ${h.by.name}`;
    lines.push(
      `    ${when(h.createdAt)}  ${h.scope} ${h.action} ${h.ref} → ${h.outcome}  by ${by}`,
    );
  }
  return lines.join('\n');
}

/**
 * Purchases made with this checkout email that no checkout of ours bound to anyone: they granted
 * nothing, and wait for someone signed in with the email to claim them on the account page.
 */
export function formatHeldPurchases(email: string, held: HeldRow[]): string {
  const lines = [`Held purchases with the checkout email ${email} (${String(held.length)}):`];
  for (const h of held) {
    const paid =
      h.amountMinor === null ? '' : `  ${String(h.amountMinor / 100)} ${h.currency ?? ''}`;
    const state =
      h.status === 'claimed'
        ? `claimed by account ${h.claimedBy ?? '?'} at ${when(h.claimedAt)}`
        : h.status;
    lines.push(
      `    ${when(h.purchasedAt)}  ${h.provider} order ${h.orderId}` +
        (h.subscriptionId ? ` subscription ${h.subscriptionId}` : '') +
        `  ${h.product}${paid}  ${state}  (${h.reason})`,
    );
  }
  return lines.join('\n');
}
