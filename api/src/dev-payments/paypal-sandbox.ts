import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { approvalPage, approvedPage, sdkScript } from './paypal-buttons.js';
import {
  answer,
  answerHtml,
  answerJson,
  assertNotProduction,
  openerOrigin,
  readText,
  startSandboxServer,
  webhookDeliverer,
  type RunningSandbox,
  type SandboxListenOptions,
  type WebhookDelivery,
  type WebhookHabits,
} from './sandbox-server.js';

// A local stand-in for PayPal's REST API (development and tests only): OAuth2 client credentials,
// Orders v2 (create, get, capture) with PayPal's statuses (CREATED → APPROVED by the payer, here
// a test hook or the approve page → COMPLETED on capture), captures read back (Payments v2),
// PayPal-Request-Id idempotency on create and capture, PayPal's error shape (422
// UNPROCESSABLE_ENTITY with details[].issue), the verify-webhook-signature call answering SUCCESS
// or FAILURE for its own signed deliveries (checked over `webhook_event` exactly as the caller
// sent it, as PayPal checks the bytes it delivered), refunds and reversals (PayPal taking a
// payment back after a chargeback), and webhooks delivered with PayPal's habits: retries on
// non-2xx, duplicates.
// https://developer.paypal.com/docs/api/orders/v2/ · https://developer.paypal.com/api/rest/webhooks/

/** PayPal's habits: retries (up to 25 times over 3 days), duplicates. */
export type PaypalSandboxHabits = WebhookHabits;

export type PaypalSandboxOptions = SandboxListenOptions & {
  clientId: string;
  clientSecret: string;
  /** The webhook's id, as PayPal shows it for the URL below. */
  webhookId: string;
};

type Amount = { currency_code: string; value: string };

type Capture = {
  id: string;
  status: 'COMPLETED' | 'REFUNDED';
  amount: Amount;
  final_capture: boolean;
  custom_id?: string;
  seller_protection: { status: string };
  supplementary_data: { related_ids: { order_id: string } };
  create_time: string;
  update_time: string;
  links: { href: string; rel: string; method: string }[];
};

type Order = {
  id: string;
  intent: 'CAPTURE';
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  purchase_units: {
    reference_id: string;
    custom_id?: string;
    description?: string;
    amount: Amount;
    payments?: { captures: Capture[] };
  }[];
  payer?: {
    email_address: string;
    payer_id: string;
    name: { given_name: string; surname: string };
  };
  create_time: string;
  update_time?: string;
  links: { href: string; rel: string; method: string }[];
};

export type PaypalDelivery = WebhookDelivery<{ eventId: string; eventType: string }>;

export type PaypalSandbox = RunningSandbox<{ eventId: string; eventType: string }> & {
  /** The payer approves the order (what the wallet buttons' popup does); CHECKOUT.ORDER.APPROVED follows. */
  approve: (orderId: string, options?: { webhooks?: 'deliver' | 'drop' }) => void;
  /** Changes the order's amount as a tampering client would (PATCH): its capture reports it. */
  tamper: (orderId: string, amount: Amount) => void;
  /** Changes the order's custom_id as a tampering client would (PATCH). */
  tamperCustomId: (orderId: string, customId: string) => void;
  /** The next capture is done but answered only after `ms` (a timeout at the caller). */
  delayNextCapture: (ms: number) => void;
  /** The PayPal-Request-Id of each capture request received for the order, repeats included. */
  captureRequests: (orderId: string) => string[];
  /** Captures actually made for the order (a repeat by PayPal-Request-Id is not one). */
  captureCount: (orderId: string) => number;
  order: (orderId: string) => Order | undefined;
  /** Refunds the capture; PAYMENT.CAPTURE.REFUNDED follows unless dropped. */
  refund: (captureId: string, options?: { webhooks?: 'deliver' | 'drop' }) => void;
  /**
   * PayPal reverses the capture (the buyer's chargeback or dispute went against the seller):
   * PAYMENT.CAPTURE.REVERSED follows unless dropped, its resource the refund that took it back.
   */
  reverse: (captureId: string, options?: { webhooks?: 'deliver' | 'drop' }) => void;
  /** The five PAYPAL-* headers of a delivery of `body`, signed as the sandbox signs its own. */
  sign: (body: string) => Record<string, string>;
};

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** PayPal's order and capture ids: 17 upper-case alphanumerics. */
const newId = (length = 17): string =>
  Array.from(randomBytes(length), (byte) => ID_CHARS[byte % ID_CHARS.length]).join('');
const nowIso = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/** PayPal's error body (https://developer.paypal.com/api/rest/responses/). */
const errorOf = (name: string, message: string, issue?: string, description?: string) => ({
  name,
  message,
  debug_id: newId(13).toLowerCase(),
  ...(issue ? { details: [{ issue, description: description ?? issue }] } : {}),
  links: [
    {
      href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue ?? name}`,
      rel: 'information_link',
      method: 'GET',
    },
  ],
});

const NO_SUCH_RESOURCE = () =>
  errorOf(
    'RESOURCE_NOT_FOUND',
    'The specified resource does not exist.',
    'INVALID_RESOURCE_ID',
    'Specified resource ID does not exist. Please check the resource ID and try again.',
  );

const UNPROCESSABLE =
  'The requested action could not be performed, semantically incorrect, or failed business validation.';

export async function startPaypalSandbox(options: PaypalSandboxOptions): Promise<PaypalSandbox> {
  assertNotProduction(
    options.nodeEnv,
    'PayPal',
    'PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID',
  );
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const captureCounts = new Map<string, number>();
  const captureRequestIds = new Map<string, string[]>();
  /** Answers by PayPal-Request-Id (per operation), replayed for a repeat. */
  const replies = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  const webhooks = webhookDeliverer<{ eventId: string; eventType: string }>(options, {
    retryDelaysMs: [1000, 5000, 30_000],
    timeoutMs: 5000,
  });
  /** The secret the sandbox signs its deliveries with (PayPal: its certificate's key). */
  const signingKey = randomBytes(32);
  let captureDelayMs = 0;
  let base = '';

  // --- signatures ---------------------------------------------------------------------------
  // PayPal signs `<transmission id>|<time>|<webhook id>|<crc32 of the body>` with its
  // certificate; the sandbox uses an HMAC over the same string, checked only by its own
  // verify-webhook-signature (as PayPal's is).
  const signatureOf = (id: string, time: string, webhookId: string, body: string): string =>
    createHmac('sha256', signingKey)
      .update(`${id}|${time}|${webhookId}|${String(crc32(Buffer.from(body)))}`)
      .digest('base64');
  const sign = (body: string): Record<string, string> => {
    const id = newId(8).toLowerCase() + '-' + newId(4).toLowerCase();
    const time = new Date().toISOString();
    return {
      'paypal-transmission-id': id,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signatureOf(id, time, options.webhookId, body),
      'paypal-cert-url': `${base}/v1/notifications/certs/CERT-sandbox`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  };

  // --- webhooks -----------------------------------------------------------------------------
  const deliver = (eventType: string, resource: unknown, summary: string): void => {
    const eventId = `WH-${newId(17)}-${newId(17)}`;
    const body = JSON.stringify({
      id: eventId,
      event_version: '1.0',
      create_time: nowIso(),
      resource_type: eventType.startsWith('CHECKOUT')
        ? 'checkout-order'
        : eventType.endsWith('REFUNDED') || eventType.endsWith('REVERSED')
          ? 'refund'
          : 'capture',
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${base}/v1/notifications/webhooks-events/${eventId}`, rel: 'self', method: 'GET' },
      ],
    });
    // Each transmission signed anew, as PayPal does.
    const headers = () => ({ 'content-type': 'application/json', ...sign(body) });
    webhooks.deliver([{ log: { eventId, eventType }, body, headers }]);
  };

  // --- the API ------------------------------------------------------------------------------
  const json = (res: ServerResponse, status: number, body: unknown): void =>
    answerJson(res, status, body, {
      'content-type': 'application/json',
      'paypal-debug-id': newId(13).toLowerCase(),
    });
  const basicAuthorised = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const given = Buffer.from(header.slice(6), 'base64');
    const expected = Buffer.from(`${options.clientId}:${options.clientSecret}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const bearerAuthorised = (req: IncomingMessage): boolean => {
    const header = req.headers.authorization ?? '';
    return header.startsWith('Bearer ') && tokens.has(header.slice(7));
  };
  const orderLinks = (id: string) => [
    { href: `${base}/v2/checkout/orders/${id}`, rel: 'self', method: 'GET' },
    { href: `${base}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' },
    { href: `${base}/v2/checkout/orders/${id}`, rel: 'update', method: 'PATCH' },
    { href: `${base}/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' },
  ];

  const approve = (orderId: string, opts: { webhooks?: 'deliver' | 'drop' } = {}): void => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    if (order.status !== 'CREATED') return;
    order.status = 'APPROVED';
    order.payer = {
      email_address: 'sb-buyer@personal.example.com',
      payer_id: newId(13),
      name: { given_name: 'Sandbox', surname: 'Buyer' },
    };
    order.update_time = nowIso();
    if (opts.webhooks !== 'drop') {
      deliver('CHECKOUT.ORDER.APPROVED', order, `An order has been approved by buyer`);
    }
  };

  const capture = (order: Order): { status: number; body: unknown } => {
    if (order.status === 'COMPLETED') {
      return {
        status: 422,
        body: errorOf(
          'UNPROCESSABLE_ENTITY',
          UNPROCESSABLE,
          'ORDER_ALREADY_CAPTURED',
          "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
        ),
      };
    }
    if (order.status !== 'APPROVED') {
      return {
        status: 422,
        body: errorOf(
          'UNPROCESSABLE_ENTITY',
          UNPROCESSABLE,
          'ORDER_NOT_APPROVED',
          "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
        ),
      };
    }
    const unit = order.purchase_units[0];
    if (!unit) return { status: 500, body: errorOf('INTERNAL_SERVER_ERROR', 'no purchase unit') };
    const id = newId();
    const made: Capture = {
      id,
      status: 'COMPLETED',
      amount: { ...unit.amount },
      final_capture: true,
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      seller_protection: { status: 'ELIGIBLE' },
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: nowIso(),
      update_time: nowIso(),
      links: [
        { href: `${base}/v2/payments/captures/${id}`, rel: 'self', method: 'GET' },
        { href: `${base}/v2/payments/captures/${id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
    };
    captures.set(id, made);
    captureCounts.set(order.id, (captureCounts.get(order.id) ?? 0) + 1);
    unit.payments = { captures: [made] };
    order.status = 'COMPLETED';
    order.update_time = nowIso();
    deliver('PAYMENT.CAPTURE.COMPLETED', made, `Payment completed for $ ${made.amount.value} USD`);
    return { status: 201, body: structuredClone(order) };
  };

  // A refund or a reversal: the capture is REFUNDED, and the event's resource is the refund that
  // took the money back (links: self, and up to its capture).
  const takeBack = (
    captureId: string,
    how: 'refund' | 'reverse',
    opts: { webhooks?: 'deliver' | 'drop' } = {},
  ): void => {
    const made = captures.get(captureId);
    if (!made) throw new Error(`no capture ${captureId}`);
    made.status = 'REFUNDED';
    made.update_time = nowIso();
    if (opts.webhooks === 'drop') return;
    const id = newId();
    deliver(
      how === 'refund' ? 'PAYMENT.CAPTURE.REFUNDED' : 'PAYMENT.CAPTURE.REVERSED',
      {
        id,
        status: 'COMPLETED',
        amount: made.amount,
        ...(how === 'reverse' ? { note_to_payer: 'Payment reversed' } : {}),
        ...(made.custom_id ? { custom_id: made.custom_id } : {}),
        create_time: nowIso(),
        update_time: nowIso(),
        links: [
          { href: `${base}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
          { href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      },
      `A $ ${made.amount.value} USD capture payment was ${how === 'refund' ? 'refunded' : 'reversed'}`,
    );
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const raw = await readText(req);

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      if (!basicAuthorised(req)) {
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      if (new URLSearchParams(raw).get('grant_type') !== 'client_credentials') {
        return json(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Grant Type is NULL',
        });
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return json(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${nowIso()}${newId(20)}`,
      });
    }

    // The JS SDK (the wallet buttons), as PayPal serves it from www.paypal.com/sdk/js.
    if (req.method === 'GET' && path === '/sdk/js') {
      const clientId = url.searchParams.get('client-id') ?? '';
      if (clientId !== options.clientId) {
        return answer(res, 400, '/* PayPal sandbox: unknown client-id */', {
          'content-type': 'text/plain; charset=utf-8',
        });
      }
      return answer(res, 200, sdkScript(base, clientId), {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      });
    }
    // The approve page (what a person sees in the wallet popup), and its form.
    if (req.method === 'GET' && path === '/checkoutnow') {
      const token = url.searchParams.get('token') ?? '';
      const order = orders.get(token);
      return answerHtml(
        res,
        order ? 200 : 404,
        approvalPage({
          order: order
            ? {
                id: order.id,
                status: order.status,
                amount: order.purchase_units[0]?.amount.value ?? '',
              }
            : null,
          origin: openerOrigin(url.searchParams.get('origin')),
        }),
      );
    }
    if (req.method === 'POST' && path === '/checkoutnow/approve') {
      const token = url.searchParams.get('token') ?? '';
      if (!orders.has(token)) return json(res, 404, errorOf('RESOURCE_NOT_FOUND', 'no order'));
      approve(token);
      return answerHtml(
        res,
        200,
        approvedPage({
          orderId: token,
          payerId: orders.get(token)?.payer?.payer_id ?? '',
          origin: openerOrigin(url.searchParams.get('origin')),
        }),
      );
    }

    if (!bearerAuthorised(req)) {
      return json(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    const requestId = req.headers['paypal-request-id'];
    const key = (op: string) =>
      typeof requestId === 'string' && requestId ? `${op}:${requestId}` : null;

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const replay = key('create');
      const earlier = replay ? replies.get(replay) : undefined;
      if (earlier) return json(res, earlier.status, earlier.body);
      const units = body.purchase_units as
        | {
            reference_id?: string;
            custom_id?: string;
            description?: string;
            amount?: Partial<Amount>;
          }[]
        | undefined;
      const unit = units?.[0];
      const currency = unit?.amount?.currency_code;
      const value = unit?.amount?.value;
      if (
        body.intent !== 'CAPTURE' ||
        !unit ||
        typeof currency !== 'string' ||
        typeof value !== 'string' ||
        !/^\d+(\.\d{2})?$/.test(value)
      ) {
        return json(
          res,
          400,
          errorOf(
            'INVALID_REQUEST',
            'Request is not well-formed, syntactically incorrect, or violates schema.',
            'MISSING_REQUIRED_PARAMETER',
          ),
        );
      }
      const id = newId();
      const order: Order = {
        id,
        intent: 'CAPTURE',
        status: 'CREATED',
        purchase_units: [
          {
            reference_id: unit.reference_id ?? 'default',
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
            ...(unit.description ? { description: unit.description } : {}),
            amount: { currency_code: currency, value },
          },
        ],
        create_time: nowIso(),
        links: orderLinks(id),
      };
      orders.set(id, order);
      const reply = { status: 201, body: structuredClone(order) };
      if (replay) replies.set(replay, reply);
      return json(res, reply.status, reply.body);
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const order = orders.get(orderMatch[1] ?? '');
      if (!order) {
        return json(res, 404, NO_SUCH_RESOURCE());
      }
      if (req.method === 'GET' && !orderMatch[2]) return json(res, 200, order);
      if (req.method === 'POST' && orderMatch[2]) {
        captureRequestIds.set(order.id, [
          ...(captureRequestIds.get(order.id) ?? []),
          typeof requestId === 'string' ? requestId : '',
        ]);
        const replay = key(`capture:${order.id}`);
        const earlier = replay ? replies.get(replay) : undefined;
        if (earlier) return json(res, earlier.status, earlier.body);
        const reply = capture(order);
        if (replay && reply.status < 500) replies.set(replay, reply);
        if (captureDelayMs > 0) {
          const delay = captureDelayMs;
          captureDelayMs = 0;
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
        if (!res.writable || res.destroyed) return;
        return json(res, reply.status, reply.body);
      }
    }

    const captureMatch = /^\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(path);
    if (req.method === 'GET' && captureMatch) {
      const made = captures.get(captureMatch[1] ?? '');
      if (!made) {
        return json(res, 404, NO_SUCH_RESOURCE());
      }
      return json(res, 200, made);
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
      ] as const;
      const invalid = (issue: string, description: string) =>
        json(
          res,
          400,
          errorOf('VALIDATION_ERROR', 'Invalid request - see details', issue, description),
        );
      for (const field of fields) {
        if (typeof body[field] !== 'string' || !body[field]) {
          return invalid('MISSING_REQUIRED_PARAMETER', `${field} is required`);
        }
      }
      if (!/^https?:\/\/[^\s]+$/.test(body.cert_url as string)) {
        return invalid('INVALID_PARAMETER_SYNTAX', 'cert_url is not a URL');
      }
      if (typeof body.webhook_event !== 'object' || body.webhook_event === null) {
        return invalid('MISSING_REQUIRED_PARAMETER', 'webhook_event is required');
      }
      // The signature covers the delivery's bytes: the event as the caller sent it back, not a
      // serialisation of it (an event parsed and serialised again fails, as it does at PayPal).
      const expected = signatureOf(
        body.transmission_id as string,
        body.transmission_time as string,
        options.webhookId,
        rawMember(raw, 'webhook_event') ?? '',
      );
      const given = Buffer.from(body.transmission_sig as string);
      const ok =
        body.webhook_id === options.webhookId &&
        given.length === Buffer.byteLength(expected) &&
        timingSafeEqual(given, Buffer.from(expected));
      return json(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return json(res, 404, errorOf('NOT_FOUND', 'The specified resource does not exist.'));
  };

  const server = await startSandboxServer(options, handle, (res) =>
    json(res, 500, errorOf('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.')),
  );
  base = server.url;
  return {
    ...server,
    ...webhooks.controls,
    approve,
    tamper: (orderId, amount) => {
      const unit = orders.get(orderId)?.purchase_units[0];
      if (!unit) throw new Error(`no order ${orderId}`);
      unit.amount = { ...amount };
    },
    tamperCustomId: (orderId, customId) => {
      const unit = orders.get(orderId)?.purchase_units[0];
      if (!unit) throw new Error(`no order ${orderId}`);
      unit.custom_id = customId;
    },
    delayNextCapture: (ms) => {
      captureDelayMs = ms;
    },
    captureCount: (orderId) => captureCounts.get(orderId) ?? 0,
    captureRequests: (orderId) => captureRequestIds.get(orderId) ?? [],
    order: (orderId) => orders.get(orderId),
    refund: (captureId, opts) => {
      takeBack(captureId, 'refund', opts);
    },
    reverse: (captureId, opts) => {
      takeBack(captureId, 'reverse', opts);
    },
    sign,
  };
}

/** CRC-32 (IEEE), as PayPal's signed string uses for the body. */
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * The text of a top-level member's value in a JSON object, exactly as written (null: no such
 * member). The text is valid JSON (the caller parsed it first).
 */
export function rawMember(text: string, name: string): string | null {
  let depth = 0;
  let key: string | null = null;
  let valueStart = -1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') {
      const start = i;
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) if (text[i] === '\\') i += 1;
      if (depth === 1 && valueStart < 0) key = JSON.parse(text.slice(start, i + 1)) as string;
      continue;
    }
    if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') depth -= 1;
    if (depth === 1 && c === ':' && valueStart < 0) {
      valueStart = i + 1;
    } else if ((depth === 1 && c === ',') || (depth === 0 && c === '}')) {
      if (key === name && valueStart >= 0) return text.slice(valueStart, i);
      key = null;
      valueStart = -1;
    }
  }
  return null;
}
