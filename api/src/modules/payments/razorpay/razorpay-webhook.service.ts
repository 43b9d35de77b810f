import { Injectable, Logger } from '@nestjs/common';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import type { Handled } from '../webhook-events.repository.js';
import {
  headerOf,
  signedJson,
  type RawDelivery,
  type Refused,
  type Verified,
  type WebhookProvider,
} from '../webhook-intake.js';
import { RAZORPAY } from './razorpay-orders.service.js';
import { webhookSignatureValid } from './razorpay-signature.js';
import { RazorpayGateway, type RazorpayPaymentEntity } from './razorpay.gateway.js';

type RazorpayEvent = {
  event?: unknown;
  created_at?: unknown;
  payload?: {
    payment?: { entity?: RazorpayPaymentEntity };
    refund?: { entity?: { id?: string; payment_id?: string; created_at?: number } };
    dispute?: { entity?: RazorpayDisputeEntity };
  };
};

/** Razorpay's dispute entity (https://razorpay.com/docs/api/disputes/entity/), as read. */
type RazorpayDisputeEntity = {
  id?: string;
  payment_id?: string;
  amount?: number;
  currency?: string;
  /** open, under_review, won, lost, closed. */
  status?: string;
  /** fraud, retrieval, chargeback, pre_arbitration, arbitration. */
  phase?: string;
  reason_code?: string;
  created_at?: number;
};

/**
 * POST /api/webhooks/razorpay. The signature over the raw body is the only authentication
 * (missing or wrong → 401); each event is handled once per event id (duplicates are expected)
 * and by state, so order does not matter: a capture grants (converging with the verify call and
 * the job), a refund or a lost dispute (a chargeback) ends the plan, an opened dispute is
 * recorded against its payment (the plan stays until the dispute is lost), anything else is
 * recorded and ignored.
 */
@Injectable()
export class RazorpayWebhookService implements WebhookProvider<RazorpayEvent> {
  private readonly logger = new Logger(RazorpayWebhookService.name);

  readonly provider = RAZORPAY;

  constructor(
    private readonly gateway: RazorpayGateway,
    private readonly fulfilment: PaymentFulfilmentService,
    private readonly orders: PaymentOrdersRepository,
  ) {}

  /** X-Razorpay-Signature over the raw body; X-Razorpay-Event-Id names the event. */
  verify({ body, headers }: RawDelivery): Refused | Verified<RazorpayEvent> {
    const signature = headerOf(headers, 'x-razorpay-signature');
    const valid = webhookSignatureValid(body, signature, this.gateway.settings().webhookSecret);
    return signedJson(body, signature, valid, (event: RazorpayEvent) => ({
      // Razorpay always sends the id; without one the body's digest stands in (same bytes, same event).
      eventId: headerOf(headers, 'x-razorpay-event-id')?.trim().slice(0, 128) ?? null,
      eventType: typeof event.event === 'string' ? event.event : null,
      event,
    }));
  }

  async handle({ eventType, event }: Verified<RazorpayEvent>): Promise<Handled> {
    const type = eventType ?? '';
    const payment = event.payload?.payment?.entity;
    switch (type) {
      case 'payment.captured':
      case 'order.paid': {
        if (!payment?.id || !payment.order_id || payment.status !== 'captured') {
          return { outcome: 'ignored', detail: 'no captured payment of an order', links: {} };
        }
        const links = { orderId: payment.order_id, paymentId: payment.id };
        const outcome = await this.fulfilment.fulfil({
          provider: RAZORPAY,
          orderId: payment.order_id,
          paymentId: payment.id,
          amountMinor: payment.amount,
          currency: payment.currency,
          at: secondsToDate(payment.created_at),
        });
        switch (outcome.kind) {
          case 'unknown-order':
            this.logger.warn(`Razorpay ${type} for unknown order ${payment.order_id}`);
            return { outcome: 'rejected', detail: 'unknown order', links };
          case 'amount-mismatch':
            return {
              outcome: 'rejected',
              detail: 'amount or currency differs from the order',
              links: { ...links, userId: outcome.order.userId },
            };
          case 'refunded':
            return {
              outcome: 'ignored',
              detail: 'order refunded: nothing granted',
              links: { ...links, userId: outcome.order.userId },
            };
          case 'granted':
          case 'already-granted':
            return {
              outcome: 'processed',
              detail: `${outcome.kind}: grant ${outcome.grant}`,
              links: { ...links, userId: outcome.order.userId },
            };
        }
        break;
      }
      case 'refund.processed':
      case 'payment.refunded': {
        const refund = event.payload?.refund?.entity;
        const paymentId = payment?.id ?? refund?.payment_id;
        if (!paymentId || !payment?.order_id) {
          return { outcome: 'ignored', detail: 'refund without its payment', links: {} };
        }
        const links = { orderId: payment.order_id, paymentId };
        const result = await this.fulfilment.refund({
          provider: RAZORPAY,
          orderId: payment.order_id,
          paymentId,
          at: secondsToDate(refund?.created_at ?? eventSeconds(event)),
          reason: 'refund',
        });
        if (!result) return { outcome: 'rejected', detail: 'unknown order', links };
        return {
          outcome: 'processed',
          detail: `refund ${result.outcome}`,
          links: { ...links, userId: result.order.userId },
        };
      }
      case 'payment.dispute.created':
      case 'payment.dispute.lost': {
        const dispute = event.payload?.dispute?.entity;
        const paymentId = dispute?.payment_id ?? payment?.id;
        if (!dispute?.id || !paymentId) {
          return { outcome: 'ignored', detail: 'dispute without its payment', links: {} };
        }
        const orderId =
          (payment?.id === paymentId ? payment.order_id : null) ??
          (await this.gateway.payment(paymentId)).order_id;
        if (!orderId) {
          return { outcome: 'rejected', detail: 'payment of no order', links: { paymentId } };
        }
        const links = { orderId, paymentId };
        const what = `dispute ${dispute.id} (${dispute.phase ?? 'no phase'}, ${dispute.reason_code ?? 'no reason'})`;
        if (type === 'payment.dispute.created') {
          const order = await this.orders.find(RAZORPAY, orderId);
          if (!order) return { outcome: 'rejected', detail: 'unknown order', links };
          // Recorded against the payment (support sees it); the plan stays until it is lost.
          return {
            outcome: 'processed',
            detail: `${what} opened: recorded, the plan stays until it is lost`,
            links: { ...links, userId: order.userId },
          };
        }
        // Lost: the money went back to the buyer, so what it paid for ends, as a refund does.
        const result = await this.fulfilment.refund({
          provider: RAZORPAY,
          orderId,
          paymentId,
          at: secondsToDate(eventSeconds(event)),
          reason: 'chargeback',
        });
        if (!result) return { outcome: 'rejected', detail: 'unknown order', links };
        return {
          outcome: 'processed',
          detail: `${what} lost: chargeback ${result.outcome}`,
          links: { ...links, userId: result.order.userId },
        };
      }
      default:
        // payment.authorized (before or after the capture), payment.failed, …: the capture
        // and refund events carry the state that matters.
        return {
          outcome: 'ignored',
          detail: `not acted on: ${type || 'no event name'}`,
          links: payment?.id
            ? { paymentId: payment.id, ...(payment.order_id ? { orderId: payment.order_id } : {}) }
            : {},
        };
    }
  }
}

const eventSeconds = (event: RazorpayEvent): number =>
  typeof event.created_at === 'number' ? event.created_at : Date.now() / 1000;

const secondsToDate = (seconds: number | undefined): Date =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date();
