import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutPage, checkoutScript, outcomeOfCard } from './razorpay-checkout.js';
import {
  answer,
  answerHtml,
  answerJson,
  assertNotProduction,
  openerOrigin,
  readJsonObject,
  startSandboxServer,
  webhookDeliverer,
  type RunningSandbox,
  type SandboxListenOptions,
  type WebhookDelivery,
  type WebhookHabits,
} from './sandbox-server.js';

export type { SandboxRequest } from './sandbox-server.js';

// A local stand-in for Razorpay (development and tests only): the server API the `razorpay`
// package calls, with Basic auth and Razorpay's JSON shapes and error statuses (orders, their
// payments, payments, refunds, disputes), a test hook that pays an order as the checkout would
// (success or decline) and answers what the checkout hands the page, test hooks for what the bank
// and the dashboard do (a refund, a dispute opened and then won or lost), the browser side
// (checkout.js and the checkout page where a person pays with test cards: razorpay-checkout.ts),
// and signed webhooks delivered with Razorpay's habits: retries on non-2xx, duplicate deliveries,
// events out of order.
// https://razorpay.com/docs/api/orders/ · https://razorpay.com/docs/webhooks/ ·
// https://razorpay.com/docs/api/disputes/entity/ · https://razorpay.com/docs/webhooks/disputes/

/**
 * Razorpay's habits: duplicate deliveries; `outOfOrder`: payment.authorized after payment.captured
 * and order.paid; retries exponential over 24 h.
 */
export type SandboxWebhookHabits = WebhookHabits;

export type RazorpaySandboxOptions = SandboxListenOptions & {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
};

export type CheckoutSuccess = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

export type PayOptions = {
  outcome?: 'success' | 'decline';
  /** 'deliver' (default), or 'drop': the webhooks never arrive (reconciliation's case). */
  webhooks?: 'deliver' | 'drop';
};

export type PayResult =
  | ({ status: 'captured' } & CheckoutSuccess)
  | { status: 'failed'; razorpay_payment_id: string; error: RazorpayError };

type RazorpayError = {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
  metadata: Record<string, string>;
  field?: string;
};

type Order = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
};

type Payment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'failed' | 'refunded';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card';
  amount_refunded: number;
  refund_status: null | 'full';
  captured: boolean;
  description: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
};

export type Refund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  status: 'processed';
  speed_processed: 'normal';
  created_at: number;
};

/** Razorpay's dispute entity. */
export type Dispute = {
  id: string;
  entity: 'dispute';
  payment_id: string;
  amount: number;
  currency: string;
  /** Deducted from the balance once the dispute is lost. */
  amount_deducted: number;
  reason_code: string;
  reason_description: string;
  respond_by: number;
  status: 'open' | 'under_review' | 'won' | 'lost' | 'closed';
  phase: 'fraud' | 'retrieval' | 'chargeback' | 'pre_arbitration' | 'arbitration';
  created_at: number;
  evidence: { amount: number; summary: string | null; others: null };
};

export type Delivery = WebhookDelivery<{ eventId: string; event: string }>;

type Hook = { webhooks?: 'deliver' | 'drop' };

export type RazorpaySandbox = RunningSandbox<{ eventId: string; event: string }> & {
  /** Pays an order as the checkout would; webhooks follow (awaited by `idle()`). */
  pay: (orderId: string, options?: PayOptions) => Promise<PayResult>;
  /** Refunds a captured payment in full (as the dashboard or the refund API does). */
  refund: (paymentId: string, options?: Hook) => Refund;
  /** The buyer's bank raises a chargeback against a payment: payment.dispute.created. */
  openDispute: (paymentId: string, options?: Hook) => Dispute;
  /** The dispute is decided: payment.dispute.lost (the money goes back) or payment.dispute.won. */
  closeDispute: (disputeId: string, outcome: 'lost' | 'won', options?: Hook) => Dispute;
};

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix, '_' and 14 alphanumerics. */
const newId = (prefix: string): string =>
  `${prefix}_${Array.from(randomBytes(14), (byte) => ID_CHARS[byte % ID_CHARS.length]).join('')}`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const errorOf = (description: string, field?: string): { error: RazorpayError } => ({
  error: {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
    ...(field ? { field } : {}),
  },
});

export async function startRazorpaySandbox(
  options: RazorpaySandboxOptions,
): Promise<RazorpaySandbox> {
  assertNotProduction(
    options.nodeEnv,
    'Razorpay',
    'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET',
  );
  const orders = new Map<string, Order>();
  const payments = new Map<string, Payment>();
  const refunds = new Map<string, Refund>();
  const disputes = new Map<string, Dispute>();
  const webhooks = webhookDeliverer<{ eventId: string; event: string }>(options, {
    retryDelaysMs: [1000, 5000, 30_000],
    timeoutMs: 5000,
  });

  const authorised = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const given = Buffer.from(header.slice(6), 'base64');
    const expected = Buffer.from(`${options.keyId}:${options.keySecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  // --- webhooks -----------------------------------------------------------------------------
  const deliver = (name: string, payload: Record<string, unknown>): void => {
    const eventId = newId('evt').replace('evt_', '');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_sandbox0000000',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: nowSeconds(),
    });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Razorpay-Webhook/v1',
      'x-razorpay-event-id': eventId,
      'x-razorpay-signature': createHmac('sha256', options.webhookSecret)
        .update(body)
        .digest('hex'),
    };
    webhooks.deliver([{ log: { eventId, event: name }, body, headers: () => headers }]);
  };

  const paymentEvents = (payment: Payment, order: Order): void => {
    const authorized = () =>
      deliver('payment.authorized', {
        payment: { entity: { ...payment, status: 'authorized', captured: false } },
      });
    const { outOfOrder } = webhooks.habits();
    if (!outOfOrder) authorized();
    deliver('payment.captured', { payment: { entity: payment } });
    deliver('order.paid', { payment: { entity: payment }, order: { entity: order } });
    if (outOfOrder) authorized();
  };

  // --- the test hook: the checkout paying an order --------------------------------------------
  const pay = async (orderId: string, payOptions: PayOptions = {}): Promise<PayResult> => {
    await Promise.resolve();
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    const base: Payment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: null,
      email: 'payer@example.com',
      contact: '+919000090000',
      notes: {},
      fee: Math.round(order.amount * 0.02),
      tax: 0,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: nowSeconds(),
    };
    order.attempts += 1;
    if (payOptions.outcome === 'decline') {
      const error = {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment has been declined by the bank.',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_declined',
        metadata: { order_id: order.id, payment_id: base.id },
      };
      const failed: Payment = {
        ...base,
        status: 'failed',
        captured: false,
        fee: null,
        tax: null,
        error_code: error.code,
        error_description: error.description,
        error_source: error.source,
        error_step: error.step,
        error_reason: error.reason,
      };
      payments.set(failed.id, failed);
      order.status = 'attempted';
      if (payOptions.webhooks !== 'drop')
        deliver('payment.failed', { payment: { entity: failed } });
      return { status: 'failed', razorpay_payment_id: failed.id, error };
    }
    payments.set(base.id, base);
    Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    if (payOptions.webhooks !== 'drop') paymentEvents(base, order);
    return {
      status: 'captured',
      razorpay_order_id: order.id,
      razorpay_payment_id: base.id,
      razorpay_signature: createHmac('sha256', options.keySecret)
        .update(`${order.id}|${base.id}`)
        .digest('hex'),
    };
  };

  // --- test hooks: refunds and disputes --------------------------------------------------------
  const refund = (paymentId: string, hook: Hook = {}): Refund => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    if (payment.status !== 'captured') throw new Error(`payment ${paymentId} is ${payment.status}`);
    const made: Refund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount: payment.amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: {},
      receipt: null,
      status: 'processed',
      speed_processed: 'normal',
      created_at: nowSeconds(),
    };
    refunds.set(made.id, made);
    Object.assign(payment, {
      status: 'refunded',
      amount_refunded: payment.amount,
      refund_status: 'full',
    });
    if (hook.webhooks !== 'drop') {
      deliver('refund.processed', { refund: { entity: made }, payment: { entity: payment } });
      deliver('payment.refunded', { refund: { entity: made }, payment: { entity: payment } });
    }
    return made;
  };

  const disputeEvent = (name: string, dispute: Dispute, hook: Hook): void => {
    const payment = payments.get(dispute.payment_id);
    if (hook.webhooks === 'drop' || !payment) return;
    deliver(name, { payment: { entity: payment }, dispute: { entity: { ...dispute } } });
  };

  const openDispute = (paymentId: string, hook: Hook = {}): Dispute => {
    const payment = payments.get(paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    const created = nowSeconds();
    const dispute: Dispute = {
      id: newId('disp'),
      entity: 'dispute',
      payment_id: paymentId,
      amount: payment.amount,
      currency: payment.currency,
      amount_deducted: 0,
      reason_code: 'chargeback',
      reason_description: 'The cardholder does not recognise the payment.',
      respond_by: created + 7 * 86_400,
      status: 'open',
      phase: 'chargeback',
      created_at: created,
      evidence: { amount: payment.amount, summary: null, others: null },
    };
    disputes.set(dispute.id, dispute);
    disputeEvent('payment.dispute.created', dispute, hook);
    return { ...dispute };
  };

  const closeDispute = (disputeId: string, outcome: 'lost' | 'won', hook: Hook = {}): Dispute => {
    const dispute = disputes.get(disputeId);
    if (!dispute) throw new Error(`no dispute ${disputeId}`);
    dispute.status = outcome;
    if (outcome === 'lost') dispute.amount_deducted = dispute.amount;
    disputeEvent(`payment.dispute.${outcome}`, dispute, hook);
    return { ...dispute };
  };

  // --- the server API -------------------------------------------------------------------------
  const json = (res: ServerResponse, status: number, body: unknown): void =>
    answerJson(res, status, body);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean);
    // Test hook (not Razorpay's API): POST /_sandbox/orders/:id/pay { outcome, webhooks }.
    if (
      parts[0] === '_sandbox' &&
      parts[1] === 'orders' &&
      parts[3] === 'pay' &&
      req.method === 'POST'
    ) {
      const body = (await readJsonObject(req)) ?? {};
      if (!orders.has(parts[2] ?? ''))
        return json(res, 404, errorOf('The id provided does not exist'));
      return json(
        res,
        200,
        await pay(parts[2] ?? '', {
          outcome: body.outcome === 'decline' ? 'decline' : 'success',
          webhooks: body.webhooks === 'drop' ? 'drop' : 'deliver',
        }),
      );
    }
    // The browser side: checkout.js (public, as checkout.razorpay.com/v1/checkout.js), the
    // checkout page it opens, and the page's pay call (same origin as the page).
    if (url.pathname === '/v1/checkout.js' && req.method === 'GET') {
      return answer(res, 200, checkoutScript(`http://${req.headers.host ?? '127.0.0.1'}`), {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      });
    }
    if (url.pathname === '/_sandbox/checkout' && req.method === 'GET') {
      const origin = openerOrigin(url.searchParams.get('origin'));
      if (!origin) return json(res, 400, errorOf('origin must be the opening page origin'));
      const order = orders.get(url.searchParams.get('order_id') ?? '');
      const keyOk = url.searchParams.get('key_id') === options.keyId;
      const page = checkoutPage({
        order:
          order && keyOk
            ? {
                id: order.id,
                amount: order.amount,
                currency: order.currency,
                paid: order.status === 'paid',
              }
            : null,
        keyId: options.keyId,
        origin,
        name: url.searchParams.get('name') ?? '',
        description: url.searchParams.get('description') ?? '',
      });
      return answerHtml(res, 200, page.html, {
        'cache-control': 'no-store',
        'content-security-policy': page.csp,
        'x-content-type-options': 'nosniff',
      });
    }
    if (url.pathname === '/_sandbox/checkout/pay' && req.method === 'POST') {
      const body = (await readJsonObject(req)) ?? {};
      const order = orders.get(typeof body.order_id === 'string' ? body.order_id : '');
      if (body.key_id !== options.keyId || !order) {
        return json(res, 400, errorOf('The order or the key is unknown.'));
      }
      if (order.status === 'paid')
        return json(res, 400, errorOf('This order has been paid already.'));
      const outcome = outcomeOfCard(body.card);
      if (!outcome) {
        return json(
          res,
          400,
          errorOf('Use a sandbox test card: 4111 1111 1111 1111 or 4000 0000 0000 0002.', 'card'),
        );
      }
      return json(res, 200, await pay(order.id, { outcome }));
    }
    if (parts[0] !== 'v1')
      return json(res, 404, errorOf('The requested URL was not found on the server.'));
    if (!authorised(req)) {
      return json(res, 401, errorOf('The api key provided is invalid'));
    }
    const [, resource, id, sub] = parts;
    if (resource === 'orders' && !id && req.method === 'POST') {
      const body = await readJsonObject(req);
      if (!body) return json(res, 400, errorOf('The request body is not valid JSON'));
      const { amount, currency, receipt, notes } = body;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return json(res, 400, errorOf('The amount must be an integer.', 'amount'));
      }
      if (amount < 100)
        return json(res, 400, errorOf('Order amount less than minimum amount allowed', 'amount'));
      if (currency !== undefined && currency !== 'INR' && currency !== 'USD') {
        return json(res, 400, errorOf('The currency is invalid.', 'currency'));
      }
      const order: Order = {
        id: newId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: typeof currency === 'string' ? currency : 'INR',
        receipt: typeof receipt === 'string' ? receipt : null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: typeof notes === 'object' && notes !== null ? (notes as Record<string, string>) : {},
        created_at: nowSeconds(),
      };
      orders.set(order.id, order);
      return json(res, 200, order);
    }
    if (resource === 'orders' && id && req.method === 'GET') {
      const order = orders.get(id);
      if (!order) return json(res, 400, errorOf('The id provided does not exist'));
      if (!sub) return json(res, 200, order);
      if (sub === 'payments') {
        const items = [...payments.values()].filter((p) => p.order_id === id);
        return json(res, 200, { entity: 'collection', count: items.length, items });
      }
    }
    if (resource === 'payments' && id && req.method === 'GET' && !sub) {
      const payment = payments.get(id);
      if (!payment) return json(res, 400, errorOf('The id provided does not exist'));
      return json(res, 200, payment);
    }
    if (resource === 'payments' && id && sub === 'refund' && req.method === 'POST') {
      const payment = payments.get(id);
      if (!payment) return json(res, 400, errorOf('The id provided does not exist'));
      if (payment.status !== 'captured') {
        return json(res, 400, errorOf('The payment has been fully refunded already'));
      }
      return json(res, 200, refund(id));
    }
    if (resource === 'disputes' && id && !sub && req.method === 'GET') {
      const dispute = disputes.get(id);
      if (!dispute) return json(res, 400, errorOf('The id provided does not exist'));
      return json(res, 200, dispute);
    }
    return json(res, 404, errorOf('The requested URL was not found on the server.'));
  };

  const server = await startSandboxServer(options, handle, (res) =>
    json(res, 500, errorOf('Sandbox error')),
  );
  return { ...server, ...webhooks.controls, pay, refund, openDispute, closeDispute };
}
