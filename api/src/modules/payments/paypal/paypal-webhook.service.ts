import type { IncomingHttpHeaders } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository, type OrderRow } from '../payment-orders.repository.js';
import type { Handled, WebhookOutcome } from '../webhook-events.repository.js';
import {
  headerOf,
  jsonObject,
  refused,
  type RawDelivery,
  type Refused,
  type Verified,
  type WebhookProvider,
} from '../webhook-intake.js';
import { PaypalClient, type PaypalCapture, type WebhookTransmission } from './paypal.client.js';
import { PAYPAL, PaypalOrdersService } from './paypal-orders.service.js';
import { transmissionRefusal } from './paypal-transmission.js';

type PaypalEvent = {
  id?: unknown;
  event_type?: unknown;
  create_time?: unknown;
  resource?: Record<string, unknown>;
};

/**
 * POST /api/webhooks/paypal. PayPal signs with a certificate; the documented check is its own
 * verify-webhook-signature call with the five PAYPAL-* transmission headers and our webhook id
 * (missing headers or FAILURE → 401, never 500), asked only for deliveries that pass cheap checks
 * first (paypal-transmission.ts: a recent transmission, PayPal's certificate, a sane size) and
 * sent the delivery's bytes as received; a refused delivery is counted, not stored
 * (WebhookIntake). Each event is handled once per event id and by state: an approved order
 * is captured (same key as every other path), a completed capture is granted once (converging
 * with the success call), a refund or a reversal (PayPal taking the money back: a chargeback)
 * ends the plan, even one that arrives before the capture it reverses.
 */
@Injectable()
export class PaypalWebhookService implements WebhookProvider<PaypalEvent> {
  private readonly logger = new Logger(PaypalWebhookService.name);

  readonly provider = PAYPAL;

  constructor(
    private readonly client: PaypalClient,
    private readonly paypal: PaypalOrdersService,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
  ) {}

  /** The five PAYPAL-* headers, cheap checks, then PayPal's verify call with the bytes as received. */
  async verify({ body, headers }: RawDelivery): Promise<Refused | Verified<PaypalEvent>> {
    const { apiUrl } = this.client.settings();
    const event: PaypalEvent | null = jsonObject(body);
    const transmission = complete(headers);
    const refusal = !transmission
      ? 'missing PayPal transmission headers'
      : !event
        ? 'body is not a JSON event'
        : (transmissionRefusal(transmission, event, body.length, apiUrl) ??
          ((await this.client.verifyWebhookSignature(transmission, body))
            ? null
            : 'verification FAILURE'));
    if (refusal || !event) return refused(refusal ?? 'body is not a JSON event');
    return {
      eventId: typeof event.id === 'string' ? event.id.slice(0, 128) : null,
      eventType: typeof event.event_type === 'string' ? event.event_type.slice(0, 128) : null,
      event,
    };
  }

  async handle({ eventType, event }: Verified<PaypalEvent>): Promise<Handled> {
    const type = eventType ?? '';
    const resource = event.resource ?? {};
    switch (type) {
      case 'CHECKOUT.ORDER.APPROVED': {
        const orderId = str(resource.id);
        if (!orderId) return { outcome: 'ignored', detail: 'no order id', links: {} };
        const order = await this.orders.find(PAYPAL, orderId);
        if (!order) return { outcome: 'rejected', detail: 'unknown order', links: { orderId } };
        const links = { orderId, userId: order.userId };
        if (order.status !== 'created') {
          return { outcome: 'ignored', detail: `order already ${order.status}`, links };
        }
        const outcome = await this.paypal.settle(order);
        return { outcome: settled(outcome), detail: `capture: ${outcome}`, links };
      }
      case 'PAYMENT.CAPTURE.COMPLETED': {
        const capture = resource as unknown as PaypalCapture;
        const orderId = str(capture.supplementary_data?.related_ids?.order_id);
        if (!str(capture.id) || !orderId || typeof capture.amount !== 'object') {
          return { outcome: 'ignored', detail: 'no capture of an order', links: {} };
        }
        const links = { orderId, paymentId: capture.id };
        const order = await this.orders.find(PAYPAL, orderId);
        if (!order) {
          this.logger.warn(`PayPal ${type} for unknown order ${orderId}`);
          return { outcome: 'rejected', detail: 'unknown order', links };
        }
        const outcome = await this.paypal.fromCapture(order, capture);
        return {
          outcome: settled(outcome),
          detail: outcome,
          links: { ...links, userId: order.userId },
        };
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        // The resource is the refund; its capture is the link rel=up (…/v2/payments/captures/ID).
        const captureId = captureOfRefund(resource);
        if (!captureId)
          return { outcome: 'ignored', detail: 'refund without its capture', links: {} };
        const order =
          (await this.orders.findByPayment(PAYPAL, captureId)) ??
          (await this.orderOfCapture(captureId));
        if (!order)
          return {
            outcome: 'rejected',
            detail: 'unknown capture',
            links: { paymentId: captureId },
          };
        const at = str(resource.create_time) ?? str(event.create_time);
        const reason = type === 'PAYMENT.CAPTURE.REVERSED' ? 'chargeback' : 'refund';
        const result = await this.fulfilment.refund({
          provider: PAYPAL,
          orderId: order.orderId,
          paymentId: captureId,
          at: at && !Number.isNaN(Date.parse(at)) ? new Date(at) : new Date(),
          reason,
        });
        const links = { orderId: order.orderId, paymentId: captureId, userId: order.userId };
        if (!result) return { outcome: 'rejected', detail: 'unknown order', links };
        return { outcome: 'processed', detail: `${reason} ${result.outcome}`, links };
      }
      default:
        return {
          outcome: 'ignored',
          detail: `not acted on: ${type || 'no event type'}`,
          links: {},
        };
    }
  }

  /**
   * The order of a capture we have not recorded yet (its refund or reversal overtook the
   * capture's own events): PayPal names it in the capture's related ids.
   */
  private async orderOfCapture(captureId: string): Promise<OrderRow | null> {
    const capture = await this.client.getCapture(captureId);
    const orderId = str(capture.supplementary_data?.related_ids?.order_id);
    return orderId ? this.orders.find(PAYPAL, orderId) : null;
  }
}

const settled = (outcome: string): WebhookOutcome =>
  outcome === 'granted' || outcome === 'already-granted'
    ? 'processed'
    : outcome === 'not-approved' || outcome === 'not-completed' || outcome === 'refunded'
      ? 'ignored'
      : 'rejected';

const str = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : null;

function captureOfRefund(resource: Record<string, unknown>): string | null {
  const links = Array.isArray(resource.links) ? (resource.links as unknown[]) : [];
  for (const link of links) {
    const { rel, href } = (link ?? {}) as { rel?: unknown; href?: unknown };
    if (rel === 'up' && typeof href === 'string') {
      const match = /\/v2\/payments\/captures\/([A-Za-z0-9-]{1,64})$/.exec(href);
      if (match?.[1]) return match[1];
    }
  }
  return null;
}

function complete(headers: IncomingHttpHeaders): WebhookTransmission | null {
  const ok = (value: string | undefined): value is string =>
    typeof value === 'string' && value.length > 0 && value.length <= 2048;
  const transmissionId = headerOf(headers, 'paypal-transmission-id');
  const transmissionTime = headerOf(headers, 'paypal-transmission-time');
  const transmissionSig = headerOf(headers, 'paypal-transmission-sig');
  const certUrl = headerOf(headers, 'paypal-cert-url');
  const authAlgo = headerOf(headers, 'paypal-auth-algo');
  if (
    !ok(transmissionId) ||
    !ok(transmissionTime) ||
    !ok(transmissionSig) ||
    !ok(certUrl) ||
    !ok(authAlgo)
  ) {
    return null;
  }
  return { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo };
}
