import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import type { PaypalConfig } from '../../../config/payments-config.js';
import { paymentErrors } from '../payments.errors.js';
import { CallBudget } from '../provider-call-budget.js';

// PayPal's REST API (https://developer.paypal.com/docs/api/orders/v2/,
// https://developer.paypal.com/docs/api/webhooks/v1/#verify-webhook-signature), OAuth2 client
// credentials and JSON, with fetch. Not the official @paypal/paypal-server-sdk (2.5.0, checked in
// its dist/cjs/client.js): getBaseUri maps its `environment` (Production / Sandbox) to fixed
// api-m.paypal.com / api-m.sandbox.paypal.com and throws for anything else, so it cannot talk to
// the local sandbox (PAYPAL_API_URL); and it has no controller for verify-webhook-signature, which
// the webhook needs anyway. The six calls the API makes are written here instead.

export type PaypalAmount = { currency_code: string; value: string };

export type PaypalCapture = {
  id: string;
  /** COMPLETED, PENDING, DECLINED, REFUNDED, PARTIALLY_REFUNDED, FAILED. */
  status: string;
  amount: PaypalAmount;
  custom_id?: string;
  create_time?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
};

export type PaypalOrder = {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED. */
  status: string;
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount?: PaypalAmount;
    payments?: { captures?: PaypalCapture[] };
  }[];
};

export type CaptureResult =
  | { kind: 'captured'; order: PaypalOrder }
  /** 422: ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED, … (PayPal's `details[].issue`). */
  | { kind: 'refused'; issue: string };

export type WebhookTransmission = {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
};

/** How often a capture that got no answer is sent again, with the same PayPal-Request-Id. */
const CAPTURE_ATTEMPTS = 3;

class NoAnswer extends Error {}

@Injectable()
export class PaypalClient {
  private readonly logger = new Logger(PaypalClient.name);
  readonly config: PaypalConfig | null;
  private token: { value: string; expiresAt: number } | null = null;
  /** PAYPAL_API_CALLS_PER_MINUTE, for every call this process makes to the API (tokens too). */
  private readonly budget: CallBudget;

  constructor(@Inject(APP_CONFIG) appConfig: AppConfig) {
    this.config = appConfig.payments.paypal;
    this.budget = new CallBudget(this.config?.callsPerMinute ?? 1);
  }

  settings(): PaypalConfig {
    if (!this.config) throw paymentErrors.providerUnavailable('PayPal');
    return this.config;
  }

  createOrder(input: {
    amount: PaypalAmount;
    customId: string;
    referenceId: string;
    description: string;
    requestId: string;
  }): Promise<PaypalOrder> {
    return this.json<PaypalOrder>('create an order', 'POST', '/v2/checkout/orders', {
      headers: { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.referenceId,
            custom_id: input.customId,
            description: input.description,
            amount: input.amount,
          },
        ],
      },
    });
  }

  /** A capture's details (`GET /v2/payments/captures/:id`): its status and its order. */
  getCapture(id: string): Promise<PaypalCapture> {
    return this.json<PaypalCapture>(
      'read a capture',
      'GET',
      `/v2/payments/captures/${encodeURIComponent(id)}`,
    );
  }

  getOrder(id: string): Promise<PaypalOrder> {
    return this.json<PaypalOrder>(
      'read an order',
      'GET',
      `/v2/checkout/orders/${encodeURIComponent(id)}`,
    );
  }

  /**
   * Captures the order. The request id is the idempotency key: PayPal answers a repeat with the
   * first capture's result, so a capture sent again after a timeout (here, or by another path
   * with the same key) captures once.
   */
  async captureOrder(id: string, requestId: string): Promise<CaptureResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const response = await this.send(
          'POST',
          `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
          {
            headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
            body: {},
          },
        );
        if (response.status === 422) {
          const error = (await response.json().catch(() => ({}))) as {
            details?: { issue?: string }[];
          };
          return { kind: 'refused', issue: error.details?.[0]?.issue ?? 'UNPROCESSABLE_ENTITY' };
        }
        return {
          kind: 'captured',
          order: await this.read<PaypalOrder>('capture an order', response),
        };
      } catch (error) {
        if (!(error instanceof NoAnswer) || attempt >= CAPTURE_ATTEMPTS)
          throw this.unavailable('capture an order', error);
        this.logger.warn(`PayPal: capture of ${id} got no answer; sending it again (same key)`);
      }
    }
  }

  /**
   * PayPal's own check of a delivery's signature for our webhook id: SUCCESS or not. PayPal
   * checks its signature over the event exactly as it was delivered (the CRC-32 of its bytes):
   * the delivery's raw bytes go back as `webhook_event`, spliced into the request's JSON, never
   * the event parsed and serialised again (key order, spacing and escapes would change them).
   * `rawEvent` must be one JSON object (the caller has parsed it).
   */
  async verifyWebhookSignature(
    transmission: WebhookTransmission,
    rawEvent: Buffer,
  ): Promise<boolean> {
    const { webhookId } = this.settings();
    const fields = JSON.stringify({
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: webhookId,
    });
    const body = `${fields.slice(0, -1)},"webhook_event":${rawEvent.toString('utf8')}}`;
    let response: Response;
    try {
      response = await this.send('POST', '/v1/notifications/verify-webhook-signature', {
        rawBody: body,
      });
    } catch (error) {
      throw this.unavailable('verify a webhook signature', error);
    }
    // PayPal refuses malformed transmission values with a 4xx (VALIDATION_ERROR): not verified,
    // so the delivery gets 401 like a FAILURE. Its 5xx stays a 503 (PayPal retries the delivery).
    if (response.status >= 400 && response.status < 500 && response.status !== 401) {
      const text = await response.text().catch(() => '');
      this.logger.warn(
        `PayPal refused to verify a webhook signature: ${String(response.status)} ${text.slice(0, 200)}`,
      );
      return false;
    }
    const result = await this.read<{ verification_status?: string }>(
      'verify a webhook signature',
      response,
    );
    return result.verification_status === 'SUCCESS';
  }

  private async json<T>(
    what: string,
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: unknown } = {},
  ): Promise<T> {
    let response: Response;
    try {
      response = await this.send(method, path, options);
    } catch (error) {
      throw this.unavailable(what, error);
    }
    return this.read<T>(what, response);
  }

  private async read<T>(what: string, response: Response): Promise<T> {
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      this.logger.error(
        `PayPal: could not ${what}: ${String(response.status)} ${text.slice(0, 300)}`,
      );
      throw paymentErrors.providerUnavailable('PayPal');
    }
    return (await response.json()) as T;
  }

  /** One call with a Bearer token (fetched again once when PayPal says it expired). */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    options: { headers?: Record<string, string>; body?: unknown; rawBody?: string },
  ): Promise<Response> {
    const config = this.settings();
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.accessToken(attempt > 0);
      await this.budget.turn('PayPal', `${method} ${path}`, this.logger);
      let response: Response;
      try {
        response = await fetch(`${config.apiUrl}${path}`, {
          method,
          headers: {
            Accept: 'application/json',
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            ...options.headers,
          },
          ...(options.rawBody !== undefined
            ? { body: options.rawBody }
            : options.body === undefined
              ? {}
              : { body: JSON.stringify(options.body) }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new NoAnswer(String(error));
      }
      if (response.status === 401 && attempt === 0) {
        await response.arrayBuffer().catch(() => undefined);
        continue;
      }
      return response;
    }
  }

  private async accessToken(renew: boolean): Promise<string> {
    if (!renew && this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const config = this.settings();
    await this.budget.turn('PayPal', 'get an access token', this.logger);
    let response: Response;
    try {
      response = await fetch(`${config.apiUrl}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
          Authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch (error) {
      throw new NoAnswer(String(error));
    }
    const body = await this.read<{ access_token: string; expires_in: number }>(
      'get an access token',
      response,
    );
    // Renewed a minute before PayPal says it expires.
    this.token = {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, body.expires_in - 60) * 1000,
    };
    return body.access_token;
  }

  private unavailable(what: string, error: unknown): Error {
    if (!(error instanceof NoAnswer)) return error as Error;
    this.logger.error(`PayPal: could not ${what}: no answer (${error.message})`);
    return paymentErrors.providerUnavailable('PayPal');
  }
}
