import { Injectable } from '@nestjs/common';
import type { OrderReconcileConfig } from '../../../config/payments-config.js';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository, type OrderRow } from '../payment-orders.repository.js';
import { OrderReconciliation } from '../reconciliation-schedule.js';
import { RAZORPAY } from './razorpay-orders.service.js';
import { RazorpayGateway } from './razorpay.gateway.js';

/**
 * Security plan item 33 (Razorpay): a payment captured late, or whose webhooks never came (or
 * were refused), is found by asking Razorpay for the payments of orders still 'created' after
 * RAZORPAY_RECONCILE_AFTER_SECONDS, up to RAZORPAY_RECONCILE_UNTIL_HOURS old, and granted like
 * any other path (PaymentFulfilmentService). Runs every RAZORPAY_RECONCILE_INTERVAL_SECONDS;
 * `runOnce` is what the interval calls (and tests, and support). Security plan item 41: the same
 * sweep over orders paid within RAZORPAY_REFUND_SWEEP_DAYS, every
 * RAZORPAY_REFUND_SWEEP_INTERVAL_SECONDS (`sweepRefunds`), finds a payment refunded at Razorpay
 * whose refund webhooks were missed and ends its plan as the webhook would have.
 */
@Injectable()
export class RazorpayReconciliationService extends OrderReconciliation {
  constructor(
    private readonly gateway: RazorpayGateway,
    orders: PaymentOrdersRepository,
    fulfilment: PaymentFulfilmentService,
  ) {
    super(RAZORPAY, 'Razorpay', orders, fulfilment);
  }

  protected settings(): OrderReconcileConfig | null {
    return this.gateway.config?.reconcile ?? null;
  }

  protected async settleUnpaid(order: OrderRow): Promise<number> {
    let granted = 0;
    const payments = await this.gateway.paymentsOfOrder(order.orderId);
    for (const payment of payments.filter((p) => p.status === 'captured')) {
      const outcome = await this.fulfilment.fulfil({
        provider: RAZORPAY,
        orderId: order.orderId,
        paymentId: payment.id,
        amountMinor: payment.amount,
        currency: payment.currency,
        at: new Date(payment.created_at * 1000),
      });
      if (outcome.kind === 'granted') {
        granted += 1;
        this.logger.warn(
          `Razorpay payment ${payment.id} of order ${order.orderId} granted by reconciliation`,
        );
      }
    }
    return granted;
  }

  protected async refundedPayment(order: OrderRow): Promise<string | null> {
    const payments = await this.gateway.paymentsOfOrder(order.orderId);
    const paid = payments.find((p) => p.id === order.paymentId);
    // Razorpay's 'refunded' is a full refund (a partial one leaves the payment 'captured').
    return paid?.status === 'refunded' ? paid.id : null;
  }
}
