import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { approvalPage, approvedPage, popupOpenerOrigin, sdkScript } from './paypal-buttons.js';
import type { SandboxRequest } from './razorpay-sandbox.js';

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

export type PaypalSandboxHabits = {
  /** Deliver each event this many times. Default 1. */
  copies?: number;
  /** Retry delays after a non-2xx answer or none (PayPal: up to 25 times over 3 days). */
  retryDelaysMs?: number[];
};

export type PaypalSandboxOptions = {
  /** The caller's NODE_ENV: the sandbox refuses 'production'. */
  nodeEnv: string | undefined;
  clientId: string;
  clientSecret: string;
  /** The webhook's id, as PayPal shows it for the URL below. */
  webhookId: string;
  /** Where webhooks go (the API's /api/webhooks/paypal); none are sent when unset. */
  webhookUrl?: string;
  port?: number;
  host?: string;
  habits?: PaypalSandboxHabits;
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

export type PaypalDelivery = { eventId: string; eventType: string; status: number | 'no answer' };

export type PaypalSandbox = {
  url: string;
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
  /** Resolves when every webhook delivery and retry so far has finished. */
  idle: () => Promise<void>;
  deliveries: PaypalDelivery[];
  /** Every request received, in order (verify-webhook-signature calls among them). */
  requests: SandboxRequest[];
  setHabits: (habits: PaypalSandboxHabits) => void;
  setWebhookUrl: (url: string) => void;
  close: () => Promise<void>;
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

const UNPROCESSABLE =
  'The requested action could not be performed, semantically incorrect, or failed business validation.';

export function assertPaypalSandboxAllowed(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV === 'production') {
    throw new Error(
      'The local PayPal sandbox refuses to run with NODE_ENV=production. ' +
        'Configure PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID instead.',
    );
  }
}

export async function startPaypalSandbox(options: PaypalSandboxOptions): Promise<PaypalSandbox> {
  assertPaypalSandboxAllowed({ NODE_ENV: options.nodeEnv });
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const captureCounts = new Map<string, number>();
  const captureRequestIds = new Map<string, string[]>();
  /** Answers by PayPal-Request-Id (per operation), replayed for a repeat. */
  const replies = new Map<string, { status: number; body: unknown }>();
  const tokens = new Set<string>();
  const deliveries: PaypalDelivery[] = [];
  const requests: SandboxRequest[] = [];
  const pending = new Set<Promise<void>>();
  /** The secret the sandbox signs its deliveries with (PayPal: its certificate's key). */
  const signingKey = randomBytes(32);
  let habits: PaypalSandboxHabits = { ...options.habits };
  let webhookUrl = options.webhookUrl;
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
  const send = async (body: string): Promise<number | 'no answer'> => {
    if (!webhookUrl) return 'no answer';
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sign(body) },
        body,
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'no answer';
    }
  };

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
    const copies = Math.max(1, habits.copies ?? 1);
    const delays = habits.retryDelaysMs ?? [1000, 5000, 30_000];
    for (let copy = 0; copy < copies; copy += 1) {
      const job = (async () => {
        for (let attempt = 0; ; attempt += 1) {
          const status = await send(body);
          deliveries.push({ eventId, eventType, status });
          const delay = delays[attempt];
          if ((typeof status === 'number' && status >= 200 && status < 300) || delay === undefined)
            return;
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
      })();
      pending.add(job);
      void job.finally(() => pending.delete(job));
    }
  };

  // --- the API ------------------------------------------------------------------------------
  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'paypal-debug-id': newId(13).toLowerCase(),
    });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
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
    const raw = await readBody(req);

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
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('/* PayPal sandbox: unknown client-id */');
        return;
      }
      res.writeHead(200, {
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end(sdkScript(base, clientId));
      return;
    }
    // The approve page (what a person sees in the wallet popup), and its form.
    if (req.method === 'GET' && path === '/checkoutnow') {
      const token = url.searchParams.get('token') ?? '';
      const order = orders.get(token);
      res.writeHead(order ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        approvalPage({
          order: order
            ? {
                id: order.id,
                status: order.status,
                amount: order.purchase_units[0]?.amount.value ?? '',
              }
            : null,
          origin: popupOpenerOrigin(url.searchParams.get('origin')),
        }),
      );
      return;
    }
    if (req.method === 'POST' && path === '/checkoutnow/approve') {
      const token = url.searchParams.get('token') ?? '';
      if (!orders.has(token)) return json(res, 404, errorOf('RESOURCE_NOT_FOUND', 'no order'));
      approve(token);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        approvedPage({
          orderId: token,
          payerId: orders.get(token)?.payer?.payer_id ?? '',
          origin: popupOpenerOrigin(url.searchParams.get('origin')),
        }),
      );
      return;
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
        return json(
          res,
          404,
          errorOf(
            'RESOURCE_NOT_FOUND',
            'The specified resource does not exist.',
            'INVALID_RESOURCE_ID',
            'Specified resource ID does not exist. Please check the resource ID and try again.',
          ),
        );
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
        return json(
          res,
          404,
          errorOf(
            'RESOURCE_NOT_FOUND',
            'The specified resource does not exist.',
            'INVALID_RESOURCE_ID',
            'Specified resource ID does not exist. Please check the resource ID and try again.',
          ),
        );
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
      for (const field of fields) {
        if (typeof body[field] !== 'string' || !body[field]) {
          return json(
            res,
            400,
            errorOf(
              'VALIDATION_ERROR',
              'Invalid request - see details',
              'MISSING_REQUIRED_PARAMETER',
              `${field} is required`,
            ),
          );
        }
      }
      if (!/^https?:\/\/[^\s]+$/.test(body.cert_url as string)) {
        return json(
          res,
          400,
          errorOf(
            'VALIDATION_ERROR',
            'Invalid request - see details',
            'INVALID_PARAMETER_SYNTAX',
            'cert_url is not a URL',
          ),
        );
      }
      if (typeof body.webhook_event !== 'object' || body.webhook_event === null) {
        return json(
          res,
          400,
          errorOf(
            'VALIDATION_ERROR',
            'Invalid request - see details',
            'MISSING_REQUIRED_PARAMETER',
            'webhook_event is required',
          ),
        );
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

  const server = http.createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', at: Date.now() });
    handle(req, res).catch(() => {
      if (!res.headersSent)
        json(res, 500, errorOf('INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host ?? '127.0.0.1'}:${String(port)}`;
  const idle = async (): Promise<void> => {
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
  return {
    url: base,
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
    idle,
    deliveries,
    requests,
    setHabits: (next) => {
      habits = { ...next };
    },
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
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
