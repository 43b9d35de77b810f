import { Injectable } from '@nestjs/common';
import type { OrderReconcileConfig } from '../../../config/payments-config.js';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository, type OrderRow } from '../payment-orders.repository.js';
import { OrderReconciliation } from '../reconciliation-schedule.js';
import { PaypalClient } from './paypal.client.js';
import { PAYPAL, PaypalOrdersService } from './paypal-orders.service.js';

/**
 * Security plan item 33 (PayPal): an order the payer approved but nobody captured (the tab was
 * closed before the success call, the APPROVED webhook lost) is found by asking PayPal about
 * orders still 'created' after PAYPAL_RECONCILE_AFTER_SECONDS, up to PAYPAL_RECONCILE_UNTIL_HOURS
 * old: APPROVED ones are captured (same idempotency key as every other path) and granted,
 * COMPLETED ones granted from their capture. Runs every PAYPAL_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests). Security plan item 41: the same sweep over
 * orders paid within PAYPAL_REFUND_SWEEP_DAYS, every PAYPAL_REFUND_SWEEP_INTERVAL_SECONDS
 * (`sweepRefunds`), reads each capture again: one refunded or reversed at PayPal whose webhooks
 * were missed ends its plan as the webhook would have.
 */
@Injectable()
export class PaypalReconciliationService extends OrderReconciliation {
  constructor(
    private readonly client: PaypalClient,
    orders: PaymentOrdersRepository,
    private readonly paypal: PaypalOrdersService,
    fulfilment: PaymentFulfilmentService,
  ) {
    super(PAYPAL, 'PayPal', orders, fulfilment);
  }

  protected settings(): OrderReconcileConfig | null {
    return this.client.config?.reconcile ?? null;
  }

  protected async settleUnpaid(order: OrderRow): Promise<number> {
    const state = await this.client.getOrder(order.orderId);
    if (state.status !== 'APPROVED' && state.status !== 'COMPLETED') return 0;
    if ((await this.paypal.settle(order)) !== 'granted') return 0;
    this.logger.warn(`PayPal order ${order.orderId} (${state.status}) granted by reconciliation`);
    return 1;
  }

  protected async refundedPayment(order: OrderRow): Promise<string | null> {
    if (!order.paymentId) return null;
    // REFUNDED: refunded in full, or reversed (PayPal's chargeback); a partial refund is not.
    const capture = await this.client.getCapture(order.paymentId);
    return capture.status === 'REFUNDED' ? order.paymentId : null;
  }
}
