import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lemonScript, overlayCheckoutPage } from './lemonsqueezy-overlay.js';
import {
  answer,
  answerHtml,
  answerJson,
  assertNotProduction,
  escapeHtml,
  openerOrigin,
  readJsonObject,
  readText,
  startSandboxServer,
  webhookDeliverer,
  type RunningSandbox,
  type SandboxListenOptions,
  type WebhookDelivery,
  type WebhookHabits,
} from './sandbox-server.js';

// A local stand-in for Lemon Squeezy (development and tests only): the server API the API's
// client calls (JSON:API, Bearer key: checkouts created, subscriptions read, listed and
// cancelled, orders, subscription invoices; listings filtered by store and by status), each
// subscription's customer portal URL in its `urls`, test hooks that buy as the hosted checkout
// would (a created checkout, with its custom data; or a variant's plain link, with whatever
// custom data its URL carries), change a subscription's state (renew it), refund an order or a
// subscription's payment (a chargeback reaches a seller the same way: Lemon Squeezy has no event
// of its own for it), and webhooks signed as Lemon Squeezy signs them (X-Signature: HMAC-SHA256
// hex of the body, X-Event-Name) delivered with its habits: a non-2xx answer is retried 3 times
// (5 s, 25 s, 125 s by default) and then dropped; duplicates and out-of-order deliveries on
// request. The browser side: lemon.js at /js/lemon.js, opening each checkout link's pay page in
// an overlay (lemonsqueezy-overlay.ts).
// https://docs.lemonsqueezy.com/help/webhooks · https://docs.lemonsqueezy.com/api

/** Lemon Squeezy's habits: retries at 5 s, 25 s, 125 s; duplicates and reordering on request. */
export type LsSandboxHabits = WebhookHabits;

/** What a variant sells: a price in cents and, for a subscription, its interval. */
export type LsSandboxVariant = { price: number; interval: 'week' | 'month' | 'year' | null };

export type LemonSqueezySandboxOptions = SandboxListenOptions & {
  apiKey: string;
  webhookSecret: string;
  storeId: string;
  variants: Record<string, LsSandboxVariant>;
  testMode?: boolean;
};

export type LsDelivery = WebhookDelivery<{ event: string; body: string }>;

type Attributes = Record<string, unknown>;
type Resource = { type: string; id: string; attributes: Attributes };

export type BuyOptions = {
  /** A variant's plain buy link (/checkout/buy/:variant)… */
  variantId?: string;
  /** …or the URL of a checkout created through the API (POST /v1/checkouts), as handed out. */
  checkoutUrl?: string;
  email: string;
  /**
   * Custom data the buyer adds (checkout[custom][…] in the URL): on a created checkout it
   * overrides the checkout's own, field by field, as the URL's fields do.
   */
  custom?: Record<string, string>;
  /** 'drop': no webhook of this purchase arrives (reconciliation's case). */
  webhooks?: 'deliver' | 'drop';
};

/** A checkout created through the API. */
type CreatedCheckout = {
  id: string;
  variantId: string;
  email: string;
  custom: Record<string, string>;
  expiresAt: Date | null;
  resource: Resource;
};

export type LemonSqueezySandbox = RunningSandbox<{ event: string; body: string }> & {
  /** Buys as the checkout would: an order, and a subscription for a recurring variant. */
  buy: (options: BuyOptions) => { orderId: string; subscriptionId: string | null };
  /** A checkout created through the API, by id. */
  checkout: (id: string) => Resource | undefined;
  /** Changes a subscription's state as the dashboard or the customer portal would. */
  setStatus: (
    subscriptionId: string,
    status: 'active' | 'cancelled' | 'expired' | 'paused' | 'past_due' | 'unpaid',
    options?: { webhooks?: 'deliver' | 'drop' },
  ) => Resource;
  /** Charges the next period: a renewal invoice, renews_at moved on. */
  renew: (subscriptionId: string, options?: { webhooks?: 'deliver' | 'drop' }) => Resource;
  refund: (orderId: string) => Resource;
  /**
   * Refunds the subscription's latest payment: subscription_payment_refunded (the invoice,
   * status 'refunded'). `chargeback`: the buyer's bank took it back, and the subscription is
   * cancelled too (subscription_cancelled, subscription_updated), as Lemon Squeezy does.
   */
  refundPayment: (
    subscriptionId: string,
    options?: { chargeback?: boolean; webhooks?: 'deliver' | 'drop' },
  ) => Resource;
  /**
   * Adds `count` active subscriptions of a variant to the store at once, without orders or
   * webhooks (a large store for the listing; the variant need not be one the sandbox sells).
   */
  seedSubscriptions: (count: number, variantId: string) => string[];
  subscription: (id: string) => Resource | undefined;
  order: (id: string) => Resource | undefined;
  /** The signed body and headers of an event as Lemon Squeezy would send it. */
  signed: (
    event: string,
    data: Resource,
    custom?: Record<string, string>,
  ) => {
    body: string;
    headers: Record<string, string>;
  };
};

const iso = (date: Date): string => date.toISOString().replace(/\.\d{3}Z$/, '.000000Z');
const DAY_MS = 24 * 3600_000;
const periodMs = { week: 7 * DAY_MS, month: 30 * DAY_MS, year: 365 * DAY_MS } as const;

const EVENT_OF_STATUS: Record<string, string | undefined> = {
  cancelled: 'subscription_cancelled',
  expired: 'subscription_expired',
  paused: 'subscription_paused',
};

export async function startLemonSqueezySandbox(
  options: LemonSqueezySandboxOptions,
): Promise<LemonSqueezySandbox> {
  assertNotProduction(
    options.nodeEnv,
    'Lemon Squeezy',
    'LEMONSQUEEZY_API_KEY, LEMONSQUEEZY_WEBHOOK_SECRET, LEMONSQUEEZY_STORE_ID and ' +
      'LEMONSQUEEZY_VARIANTS',
  );
  const testMode = options.testMode ?? true;
  const orders = new Map<string, Resource>();
  const subscriptions = new Map<string, Resource>();
  const invoices = new Map<string, Resource>();
  const custom = new Map<string, Record<string, string>>();
  const checkouts = new Map<string, CreatedCheckout>();
  const webhooks = webhookDeliverer<{ event: string; body: string }>(options, {
    retryDelaysMs: [5000, 25_000, 125_000],
    timeoutMs: 10_000,
  });
  let nextId = 1000;
  let clock = Date.now();
  /** Strictly increasing times, so every change is newer than the last. */
  const now = (): Date => {
    clock = Math.max(clock + 1000, Date.now());
    return new Date(clock);
  };
  let baseUrl = '';

  // --- webhooks -------------------------------------------------------------------------------
  const signed = (event: string, data: Resource, customData?: Record<string, string>) => {
    const body = JSON.stringify({
      meta: {
        test_mode: testMode,
        event_name: event,
        webhook_id: 'a1b2c3d4-sandbox',
        ...(customData ? { custom_data: customData } : {}),
      },
      data: {
        ...data,
        relationships: {},
        links: { self: `${baseUrl}/v1/${data.type}/${data.id}` },
      },
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'LemonSqueezy-Hookshot',
        'x-event-name': event,
        'x-signature': createHmac('sha256', options.webhookSecret).update(body).digest('hex'),
      },
    };
  };

  const deliverAll = (
    events: { event: string; data: Resource; custom?: Record<string, string> }[],
  ) =>
    webhooks.deliver(
      events.map(({ event, data, custom: customData }) => {
        const { body, headers } = signed(event, data, customData);
        return { log: { event, body }, body, headers: () => headers };
      }),
    );

  const snapshot = (resource: Resource): Resource => structuredClone(resource);

  // --- test hooks -----------------------------------------------------------------------------
  const buy = (buyOptions: BuyOptions) => {
    let variantId = buyOptions.variantId ?? '';
    let customData = buyOptions.custom;
    if (buyOptions.checkoutUrl !== undefined) {
      const url = new URL(buyOptions.checkoutUrl);
      const created = createdCheckout(url.pathname.split('/').at(-1) ?? '', url);
      if (!created) throw new Error(`sandbox: no open checkout at ${buyOptions.checkoutUrl}`);
      variantId = created.variantId;
      customData = { ...created.custom, ...customFields(url.searchParams), ...buyOptions.custom };
    }
    const variant = options.variants[variantId];
    if (!variant) throw new Error(`sandbox: no variant ${variantId}`);
    const at = now();
    const orderId = String((nextId += 1));
    const order: Resource = {
      type: 'orders',
      id: orderId,
      attributes: {
        store_id: Number(options.storeId),
        customer_id: 1,
        identifier: randomUUID(),
        order_number: Number(orderId),
        user_name: buyOptions.email.split('@')[0],
        user_email: buyOptions.email,
        currency: 'USD',
        subtotal: variant.price,
        tax: 0,
        total: variant.price,
        status: 'paid',
        status_formatted: 'Paid',
        refunded: false,
        refunded_at: null,
        first_order_item: {
          order_id: Number(orderId),
          variant_id: Number(variantId),
          price: variant.price,
          quantity: 1,
        },
        urls: { receipt: `${baseUrl}/receipt/${orderId}` },
        created_at: iso(at),
        updated_at: iso(at),
        test_mode: testMode,
      },
    };
    orders.set(orderId, order);
    if (customData) custom.set(`orders:${orderId}`, customData);
    const events: { event: string; data: Resource; custom?: Record<string, string> }[] = [
      {
        event: 'order_created',
        data: snapshot(order),
        ...(customData ? { custom: customData } : {}),
      },
    ];
    let subscriptionId: string | null = null;
    if (variant.interval) {
      subscriptionId = String((nextId += 1));
      const subscription: Resource = {
        type: 'subscriptions',
        id: subscriptionId,
        attributes: {
          store_id: Number(options.storeId),
          customer_id: 1,
          order_id: Number(orderId),
          order_item_id: Number(orderId),
          product_id: 1,
          variant_id: Number(variantId),
          user_name: buyOptions.email.split('@')[0],
          user_email: buyOptions.email,
          status: 'active',
          status_formatted: 'Active',
          cancelled: false,
          pause: null,
          trial_ends_at: null,
          billing_anchor: at.getUTCDate(),
          urls: {
            update_payment_method: `${baseUrl}/portal/${subscriptionId}/payment-method`,
            customer_portal: `${baseUrl}/portal/${subscriptionId}?signature=${randomUUID()}`,
          },
          renews_at: iso(new Date(at.getTime() + periodMs[variant.interval])),
          ends_at: null,
          created_at: iso(at),
          updated_at: iso(at),
          test_mode: testMode,
        },
      };
      subscriptions.set(subscriptionId, subscription);
      if (customData) custom.set(`subscriptions:${subscriptionId}`, customData);
      events.push(
        {
          event: 'subscription_created',
          data: snapshot(subscription),
          ...(customData ? { custom: customData } : {}),
        },
        {
          event: 'subscription_payment_success',
          data: invoice(subscription, 'initial', at),
          ...(customData ? { custom: customData } : {}),
        },
      );
    }
    if (buyOptions.webhooks !== 'drop') deliverAll(events);
    return { orderId, subscriptionId };
  };

  const invoice = (subscription: Resource, reason: 'initial' | 'renewal', at: Date): Resource => {
    const variant = options.variants[String(subscription.attributes.variant_id)];
    const made: Resource = {
      type: 'subscription-invoices',
      id: String((nextId += 1)),
      attributes: {
        store_id: Number(options.storeId),
        subscription_id: Number(subscription.id),
        customer_id: 1,
        billing_reason: reason,
        currency: 'USD',
        status: 'paid',
        status_formatted: 'Paid',
        refunded: false,
        subtotal: variant?.price ?? 0,
        total: variant?.price ?? 0,
        refunded_at: null,
        created_at: iso(at),
        updated_at: iso(at),
        test_mode: testMode,
      },
    };
    invoices.set(made.id, made);
    return snapshot(made);
  };

  const customOf = (key: string) => {
    const data = custom.get(key);
    return data ? { custom: data } : {};
  };

  const setStatus: LemonSqueezySandbox['setStatus'] = (id, status, change = {}) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`sandbox: no subscription ${id}`);
    const at = now();
    const a = subscription.attributes;
    const was = a.status;
    a.status = status;
    a.status_formatted = status.replace('_', ' ');
    a.cancelled = status === 'cancelled';
    a.updated_at = iso(at);
    if (status === 'cancelled') a.ends_at = a.renews_at;
    if (status === 'expired') a.ends_at = iso(at);
    if (status === 'active') a.ends_at = null;
    const events = [
      {
        event: 'subscription_updated',
        data: snapshot(subscription),
        ...customOf(`subscriptions:${id}`),
      },
    ];
    const named =
      status === 'active'
        ? was === 'cancelled'
          ? 'subscription_resumed'
          : was === 'paused'
            ? 'subscription_unpaused'
            : undefined
        : EVENT_OF_STATUS[status];
    if (named)
      events.unshift({
        event: named,
        data: snapshot(subscription),
        ...customOf(`subscriptions:${id}`),
      });
    if (change.webhooks !== 'drop') deliverAll(events);
    return snapshot(subscription);
  };

  const renew: LemonSqueezySandbox['renew'] = (id, change = {}) => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`sandbox: no subscription ${id}`);
    const variant = options.variants[String(subscription.attributes.variant_id)];
    const at = now();
    const from = new Date(String(subscription.attributes.renews_at));
    subscription.attributes.renews_at = iso(
      new Date(from.getTime() + periodMs[variant?.interval ?? 'month']),
    );
    subscription.attributes.updated_at = iso(at);
    // The renewal's invoice is charged whether or not its webhooks arrive.
    const paid = invoice(subscription, 'renewal', at);
    if (change.webhooks !== 'drop') {
      deliverAll([
        {
          event: 'subscription_payment_success',
          data: paid,
          ...customOf(`subscriptions:${id}`),
        },
        {
          event: 'subscription_updated',
          data: snapshot(subscription),
          ...customOf(`subscriptions:${id}`),
        },
      ]);
    }
    return snapshot(subscription);
  };

  const refund = (orderId: string): Resource => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`sandbox: no order ${orderId}`);
    const at = now();
    Object.assign(order.attributes, {
      status: 'refunded',
      status_formatted: 'Refunded',
      refunded: true,
      refunded_at: iso(at),
      updated_at: iso(at),
    });
    deliverAll([
      { event: 'order_refunded', data: snapshot(order), ...customOf(`orders:${orderId}`) },
    ]);
    return snapshot(order);
  };

  const refundPayment: LemonSqueezySandbox['refundPayment'] = (id, change = {}) => {
    const paid = [...invoices.values()].filter(
      (i) => String(i.attributes.subscription_id) === id && i.attributes.status === 'paid',
    );
    const latest = paid.at(-1);
    if (!latest) throw new Error(`sandbox: no paid invoice of subscription ${id}`);
    const at = now();
    Object.assign(latest.attributes, {
      status: 'refunded',
      status_formatted: 'Refunded',
      refunded: true,
      refunded_at: iso(at),
      updated_at: iso(at),
    });
    const events = [
      {
        event: 'subscription_payment_refunded',
        data: snapshot(latest),
        ...customOf(`subscriptions:${id}`),
      },
    ];
    if (change.chargeback) {
      const cancelled = setStatus(id, 'cancelled', { webhooks: 'drop' });
      for (const event of ['subscription_cancelled', 'subscription_updated']) {
        events.push({ event, data: cancelled, ...customOf(`subscriptions:${id}`) });
      }
    }
    if (change.webhooks !== 'drop') deliverAll(events);
    return snapshot(latest);
  };

  const seedSubscriptions = (count: number, variantId: string): string[] => {
    const at = iso(now());
    return Array.from({ length: count }, () => {
      const id = String((nextId += 1));
      subscriptions.set(id, {
        type: 'subscriptions',
        id,
        attributes: {
          store_id: Number(options.storeId),
          customer_id: 1,
          order_id: null,
          variant_id: Number(variantId),
          user_email: `seeded${id}@example.com`,
          status: 'active',
          cancelled: false,
          renews_at: at,
          ends_at: null,
          created_at: at,
          updated_at: at,
          test_mode: testMode,
        },
      });
      return id;
    });
  };

  // --- checkouts created through the API ----------------------------------------------------
  // Lemon Squeezy's custom checkout URLs are /checkout/custom/:id?signature=…; the signature is
  // the store's, so an id alone opens nothing.
  const checkoutSignature = (id: string) =>
    createHmac('sha256', options.apiKey).update(`checkout:${id}`).digest('hex');

  /** The created checkout a URL names, if its signature is right: open, or expired. */
  const signedCheckout = (id: string, url: URL): CreatedCheckout | null => {
    const found = checkouts.get(id);
    const given = Buffer.from(url.searchParams.get('signature') ?? '');
    const expected = Buffer.from(checkoutSignature(id));
    return found && given.length === expected.length && timingSafeEqual(given, expected)
      ? found
      : null;
  };
  const isOpen = (checkout: CreatedCheckout) =>
    !checkout.expiresAt || checkout.expiresAt.getTime() > Date.now();
  /** The created checkout a URL opens, if its signature is right and it has not expired. */
  const createdCheckout = (id: string, url: URL): CreatedCheckout | null => {
    const found = signedCheckout(id, url);
    return found && isOpen(found) ? found : null;
  };

  /**
   * The checkout[custom][…] fields of a URL or a posted form. Lemon Squeezy prefills a
   * checkout's custom data from a URL's; that they override a created checkout's own fields is
   * the sandbox's assumption of the worst case, so that only what the API verifies binds a
   * purchase.
   */
  const customFields = (params: URLSearchParams): Record<string, string> => {
    const fields: Record<string, string> = {};
    for (const [name, value] of params.entries()) {
      const match = /^checkout\[custom\]\[(\w{1,32})\]$/.exec(name);
      if (match?.[1]) fields[match[1]] = value.slice(0, 200);
    }
    return fields;
  };

  const createCheckout = (res: ServerResponse, body: unknown) => {
    const invalid = (pointer: string, detail: string) =>
      json(res, 422, {
        jsonapi: { version: '1.0' },
        errors: [{ status: '422', title: 'Unprocessable Entity', detail, source: { pointer } }],
      });
    type Body = {
      data?: {
        type?: unknown;
        attributes?: {
          checkout_data?: { email?: unknown; discount_code?: unknown; custom?: unknown };
          checkout_options?: unknown;
          expires_at?: unknown;
        };
        relationships?: {
          store?: { data?: { id?: unknown } };
          variant?: { data?: { id?: unknown } };
        };
      };
    };
    const data = (body as Body | null)?.data;
    if (data?.type !== 'checkouts') return invalid('/data/type', 'The type must be checkouts.');
    if (String(data.relationships?.store?.data?.id) !== options.storeId) {
      return invalid('/data/relationships/store', 'The store is not this API key’s.');
    }
    const variantId = String(data.relationships?.variant?.data?.id);
    if (!options.variants[variantId]) {
      return invalid('/data/relationships/variant', 'The variant does not exist.');
    }
    const attributes = data.attributes ?? {};
    const checkoutData = attributes.checkout_data ?? {};
    const customIn = checkoutData.custom ?? {};
    if (typeof customIn !== 'object' || Array.isArray(customIn)) {
      return invalid('/data/attributes/checkout_data/custom', 'Custom data must be an object.');
    }
    const expiresIn = attributes.expires_at ?? null;
    const expiresAt = typeof expiresIn === 'string' ? new Date(expiresIn) : null;
    if (expiresIn !== null && (!expiresAt || Number.isNaN(expiresAt.getTime()))) {
      return invalid('/data/attributes/expires_at', 'The expiry must be a date.');
    }
    const at = now();
    const id = randomUUID();
    const customData = Object.fromEntries(
      Object.entries(customIn as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
    );
    const email = typeof checkoutData.email === 'string' ? checkoutData.email : '';
    const resource: Resource = {
      type: 'checkouts',
      id,
      attributes: {
        store_id: Number(options.storeId),
        variant_id: Number(variantId),
        custom_price: null,
        product_options: { enabled_variants: [] },
        checkout_options: attributes.checkout_options ?? {},
        checkout_data: {
          email,
          discount_code:
            typeof checkoutData.discount_code === 'string' ? checkoutData.discount_code : '',
          custom: customData,
        },
        preview: false,
        expires_at: expiresAt ? iso(expiresAt) : null,
        created_at: iso(at),
        updated_at: iso(at),
        test_mode: testMode,
        url: `${baseUrl}/checkout/custom/${id}?signature=${checkoutSignature(id)}`,
      },
    };
    checkouts.set(id, { id, variantId, email, custom: customData, expiresAt, resource });
    json(res, 201, {
      jsonapi: { version: '1.0' },
      links: { self: `${baseUrl}/v1/checkouts/${id}` },
      data: snapshot(resource),
    });
  };

  // --- a checkout page a person can pay on: in a tab, or in lemon.js's overlay (embed=1) -------
  /**
   * A variant's plain link (`base` empty), or a created checkout's (`base`: its custom data and
   * email). The URL's checkout[custom][…] fields and checkout[email] are laid over them.
   */
  const checkoutPage = async (
    req: IncomingMessage,
    res: ServerResponse,
    variantId: string,
    url: URL,
    base: { custom: Record<string, string>; email: string } = { custom: {}, email: '' },
  ) => {
    const variant = options.variants[variantId];
    if (!variant) return send404(res);
    const hiddenCustom = Object.entries({ ...base.custom, ...customFields(url.searchParams) }).map(
      ([name, value]): [string, string] => [`checkout[custom][${name}]`, value],
    );
    const prefilledEmail = url.searchParams.get('checkout[email]') ?? base.email;
    if (req.method === 'GET') {
      const opener =
        url.searchParams.get('embed') === '1'
          ? openerOrigin(url.searchParams.get('embed_origin'))
          : null;
      if (opener) {
        const page = overlayCheckoutPage({
          description: `Variant ${variantId}: ${(variant.price / 100).toFixed(2)} USD${variant.interval ? ` per ${variant.interval}` : ''}`,
          hidden: hiddenCustom,
          email: prefilledEmail,
          origin: opener,
        });
        return answerHtml(res, 200, page.html, { 'content-security-policy': page.csp });
      }
      const hidden = hiddenCustom
        .map(
          ([name, value]) =>
            `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      return answerHtml(
        res,
        200,
        `<!doctype html><title>Checkout (sandbox)</title><h1>Checkout (sandbox)</h1>` +
          `<p>Variant ${escapeHtml(variantId)}: ${(variant.price / 100).toFixed(2)} USD` +
          `${variant.interval ? ` per ${variant.interval}` : ''}</p>` +
          `<form method="post">${hidden}<label>Email <input name="email" type="email" required value="${escapeHtml(prefilledEmail)}"></label>` +
          ` <button type="submit">Pay (test card)</button></form>`,
      );
    }
    if (req.method !== 'POST') return send404(res);
    const form = new URLSearchParams((await readText(req)).slice(0, 16_384));
    const bought = buy({
      variantId,
      email: form.get('email') ?? 'buyer@example.com',
      custom: { ...base.custom, ...customFields(form) },
    });
    if ((req.headers.accept ?? '').includes('application/json')) {
      // The overlay's page: what lemon.js hands the eventHandler as Checkout.Success's data.
      const order = orders.get(bought.orderId);
      return json(res, 200, { order: order ? { data: snapshot(order) } : null, ...bought });
    }
    answerHtml(
      res,
      200,
      `<!doctype html><title>Paid (sandbox)</title><h1>Paid</h1><p>Order ${bought.orderId}` +
        `${bought.subscriptionId ? `, subscription ${bought.subscriptionId}` : ''}. You can close this tab.</p>`,
    );
  };

  // --- the server API -------------------------------------------------------------------------
  const send404 = (res: ServerResponse) =>
    json(res, 404, {
      jsonapi: { version: '1.0' },
      errors: [{ status: '404', title: 'Not Found' }],
    });

  const authorised = (req: IncomingMessage): boolean => {
    const given = Buffer.from(req.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${options.apiKey}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'checkout' && parts[1] === 'buy' && parts[2]) {
      return checkoutPage(req, res, parts[2], url);
    }
    if (parts[0] === 'checkout' && parts[1] === 'custom' && parts[2]) {
      const created = signedCheckout(parts[2], url);
      if (!created || !isOpen(created)) {
        // Expired: Lemon Squeezy shows that the checkout has expired.
        return answerHtml(
          res,
          created ? 410 : 404,
          `<!doctype html><title>Checkout (sandbox)</title><p>${created ? 'This checkout has expired.' : 'Not found.'}</p>`,
        );
      }
      return checkoutPage(req, res, created.variantId, url, created);
    }
    if (url.pathname === '/js/lemon.js' && req.method === 'GET') {
      return answer(res, 200, lemonScript(baseUrl), {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-cache',
      });
    }
    // The store's affiliate sign-up (Lemon Squeezy's /affiliates on the store's domain), where
    // 'Share & Earn' and 'Become an affiliate' send people by default.
    if (url.pathname === '/affiliates' && req.method === 'GET') {
      return answerHtml(
        res,
        200,
        '<!doctype html><title>Become an affiliate (sandbox)</title><h1>Become an affiliate (sandbox)</h1>' +
          '<p>Sign up to share this store and earn a commission on every sale you refer.</p>' +
          '<form method="post" action="/affiliates"><label>Email <input name="email" type="email" required></label>' +
          ' <button>Apply</button></form>',
      );
    }
    if (url.pathname === '/affiliates' && req.method === 'POST') {
      await readText(req);
      return answerHtml(
        res,
        200,
        '<!doctype html><title>Application received (sandbox)</title><h1>Application received</h1>' +
          '<p>The store reviews your application and emails your affiliate link.</p>',
      );
    }
    if (parts[0] === 'portal' && req.method === 'GET') {
      return answerHtml(
        res,
        200,
        '<!doctype html><title>Customer portal (sandbox)</title><h1>Customer portal (sandbox)</h1>',
      );
    }
    if (parts[0] !== 'v1') return send404(res);
    if (!authorised(req)) {
      json(res, 401, {
        jsonapi: { version: '1.0' },
        errors: [{ status: '401', title: 'Unauthenticated' }],
      });
      return;
    }
    const [, kind, id] = parts;
    if (req.method === 'POST' && kind === 'checkouts' && !id) {
      return createCheckout(res, await readJsonObject(req));
    }
    if (req.method === 'GET' && kind === 'checkouts' && id) {
      const found = checkouts.get(id);
      if (!found) return send404(res);
      json(res, 200, {
        jsonapi: { version: '1.0' },
        links: { self: `${baseUrl}/v1/checkouts/${id}` },
        data: snapshot(found.resource),
      });
      return;
    }
    // Cancel a subscription: it stops renewing, access lasts to the end of the paid period.
    if (req.method === 'DELETE' && kind === 'subscriptions' && id && subscriptions.has(id)) {
      const current = subscriptions.get(id);
      const data =
        current?.attributes.status === 'cancelled' ? snapshot(current) : setStatus(id, 'cancelled');
      json(res, 200, {
        jsonapi: { version: '1.0' },
        links: { self: `${baseUrl}/v1/subscriptions/${id}` },
        data,
      });
      return;
    }
    if (req.method !== 'GET') return send404(res);
    const table =
      kind === 'subscriptions'
        ? subscriptions
        : kind === 'orders'
          ? orders
          : kind === 'subscription-invoices'
            ? invoices
            : null;
    if (!table) return send404(res);
    if (id) {
      const found = table.get(id);
      if (!found) return send404(res);
      json(res, 200, {
        jsonapi: { version: '1.0' },
        links: { self: `${baseUrl}/v1/${kind}/${id}` },
        data: found,
      });
      return;
    }
    const storeFilter = url.searchParams.get('filter[store_id]');
    const statusFilter = url.searchParams.get('filter[status]');
    const all = [...table.values()].filter(
      (r) =>
        (!storeFilter || String(r.attributes.store_id) === storeFilter) &&
        (!statusFilter || r.attributes.status === statusFilter),
    );
    // JSON:API pages as Lemon Squeezy serves them: page[size] 1-100 (10 by default), page[number]
    // from 1, meta.page.lastPage, and links to the first, last, previous and next pages.
    const size = Math.min(100, Math.max(1, Number(url.searchParams.get('page[size]') ?? 10)));
    const page = Math.max(1, Number(url.searchParams.get('page[number]') ?? 1));
    const lastPage = Math.max(1, Math.ceil(all.length / size));
    const pageUrl = (n: number) => {
      const link = new URL(`${baseUrl}/v1/${kind}`);
      if (storeFilter) link.searchParams.set('filter[store_id]', storeFilter);
      if (statusFilter) link.searchParams.set('filter[status]', statusFilter);
      link.searchParams.set('page[number]', String(n));
      link.searchParams.set('page[size]', String(size));
      return link.toString();
    };
    json(res, 200, {
      meta: {
        page: {
          currentPage: page,
          from: (page - 1) * size + 1,
          lastPage,
          perPage: size,
          to: Math.min(all.length, page * size),
          total: all.length,
        },
      },
      jsonapi: { version: '1.0' },
      links: {
        first: pageUrl(1),
        last: pageUrl(lastPage),
        ...(page > 1 ? { prev: pageUrl(page - 1) } : {}),
        ...(page < lastPage ? { next: pageUrl(page + 1) } : {}),
      },
      data: all.slice((page - 1) * size, page * size),
    });
  };

  const server = await startSandboxServer(options, handle, (res) =>
    json(res, 500, { errors: [{ status: '500', title: 'Sandbox error' }] }),
  );
  baseUrl = server.url;
  return {
    ...server,
    ...webhooks.controls,
    buy,
    setStatus,
    renew,
    refund,
    refundPayment,
    seedSubscriptions,
    checkout: (id) => {
      const found = checkouts.get(id);
      return found ? snapshot(found.resource) : undefined;
    },
    order: (id) => {
      const found = orders.get(id);
      return found ? snapshot(found) : undefined;
    },
    subscription: (id) => {
      const found = subscriptions.get(id);
      return found ? snapshot(found) : undefined;
    },
    signed,
  };
}

/** Lemon Squeezy's JSON:API answers. */
function json(res: ServerResponse, status: number, body: unknown): void {
  answerJson(res, status, body, { 'content-type': 'application/vnd.api+json' });
}
