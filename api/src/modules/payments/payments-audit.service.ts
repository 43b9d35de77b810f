import { Injectable } from '@nestjs/common';
import { BillingService, type HistoryEntry } from '../billing/billing.service.js';
import type { PaymentRecord } from 'contracts';
import { HeldPurchasesRepository, type HeldRow } from './held-purchases.repository.js';
import { PaymentOrdersRepository, type OrderRow } from './payment-orders.repository.js';
import {
  ProviderSubscriptionsRepository,
  type SubscriptionRow,
} from './provider-subscriptions.repository.js';
import { WebhookEventsRepository, type WebhookEventRow } from './webhook-events.repository.js';

export type { HeldRow };

export type PaymentsAudit = {
  orders: OrderRow[];
  /** The hosted overlay's subscriptions as last seen (status, dates, what they sell). */
  subscriptions: SubscriptionRow[];
  payments: PaymentRecord[];
  webhookEvents: WebhookEventRow[];
  /** The billing history: every plan change, by whom, with what outcome. */
  entitlementChanges: (HistoryEntry & { createdAt: Date })[];
};

const LISTED = 100;

/** Everything stored about a person's payments, for support (npm run support -- payments). */
@Injectable()
export class PaymentsAuditService {
  constructor(
    private readonly orders: PaymentOrdersRepository,
    private readonly events: WebhookEventsRepository,
    private readonly billing: BillingService,
    private readonly subscriptions: ProviderSubscriptionsRepository,
    private readonly held: HeldPurchasesRepository,
  ) {}

  /**
   * Hosted-checkout purchases bound to no one whose checkout email is this one (issue 20),
   * whether or not an account has it: held, claimed or refunded.
   */
  heldFor(email: string): Promise<HeldRow[]> {
    return this.held.listForEmail(email, LISTED);
  }

  async of(userId: string): Promise<PaymentsAudit> {
    const [orders, subscriptions, { payments }, entitlementChanges] = await Promise.all([
      this.orders.listForUser(userId, LISTED),
      this.subscriptions.listFor(userId, LISTED),
      this.billing.paymentsOf(userId),
      this.billing.historyOf(userId, LISTED),
    ]);
    const paymentIds = [
      ...new Set([
        ...payments.map((p) => p.paymentId),
        ...orders.flatMap((o) => (o.paymentId ? [o.paymentId] : [])),
      ]),
    ];
    const webhookEvents = await this.events.listFor(
      userId,
      orders.map((o) => o.orderId),
      paymentIds,
      LISTED,
    );
    return { orders, subscriptions, payments, webhookEvents, entitlementChanges };
  }
}
