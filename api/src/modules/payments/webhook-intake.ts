import type { IncomingHttpHeaders } from 'node:http';
import {
  applyDecorators,
  createParamDecorator,
  HttpCode,
  Injectable,
  Post,
  type ExecutionContext,
} from '@nestjs/common';
import type { Request } from 'express';
import type { WebhookRoute } from '../../common/http/body-parsing.js';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import { paymentErrors } from './payments.errors.js';
import { sha256Hex } from './signatures.js';
import { UnverifiedWebhooks } from './unverified-webhooks.js';
import { WebhookEventsRepository, type Handled } from './webhook-events.repository.js';

/** A delivery as it reached us: its bytes as received (body-parsing.ts) and its headers. */
export type RawDelivery = { body: Buffer; headers: IncomingHttpHeaders };

/** A delivery whose signature holds, read. `eventId` null or empty: the body's digest stands in. */
export type Verified<E> = { eventId: string | null; eventType: string | null; event: E };

/** Why a delivery is refused: one of the provider's fixed phrases, never the sender's text. */
export type Refused = { refused: string };

/** What a provider brings to the intake: how it checks a delivery and what it does with one. */
export type WebhookProvider<E> = {
  /** As stored with its events and counted with its refusals ('razorpay'). */
  readonly provider: string;
  verify(delivery: RawDelivery): Refused | Verified<E> | Promise<Refused | Verified<E>>;
  /** Called once per event id (WebhookEventsRepository.handleOnce); a throw answers 5xx. */
  handle(verified: Verified<E>): Promise<Handled>;
};

export const refused = (reason: string): Refused => ({ refused: reason });

/** A header as sent once; absent (or, never for these, repeated) is undefined. */
export const headerOf = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The body as one JSON object, or null (not JSON, or an array or a scalar). */
export function jsonObject(body: Buffer): object | null {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * A body signed with a shared secret (an HMAC header), read by `read`, or why it is refused: no
 * header, a wrong one, or signed bytes that are not a JSON object.
 */
export function signedJson<E>(
  body: Buffer,
  signature: string | undefined,
  valid: boolean,
  read: (event: object) => Verified<E>,
): Refused | Verified<E> {
  if (signature === undefined) return refused('no signature header');
  if (!valid) return refused('bad signature');
  const event = jsonObject(body);
  return event ? read(event) : refused('body is not JSON');
}

/**
 * Every payment webhook's intake, whichever provider sent it: the provider verifies the raw
 * delivery (its signature is the only authentication); a refused one is counted, never stored
 * (security plan 43), and answers 401; a verified one is recorded and handled once per event id
 * (duplicates and retries are expected), its outcome recorded. A handler that throws is recorded
 * as failed and answers 5xx, so the provider retries.
 */
@Injectable()
export class WebhookIntake {
  constructor(
    private readonly events: WebhookEventsRepository,
    private readonly unverified: UnverifiedWebhooks,
  ) {}

  async receive<E>(provider: WebhookProvider<E>, delivery: RawDelivery): Promise<{ status: 'ok' }> {
    const verdict = await provider.verify(delivery);
    if ('refused' in verdict) {
      this.unverified.count(provider.provider, verdict.refused);
      throw paymentErrors.webhookSignatureInvalid();
    }
    const bodySha256 = sha256Hex(delivery.body);
    const record = {
      provider: provider.provider,
      eventId: verdict.eventId || `sha256:${bodySha256}`,
      eventType: verdict.eventType,
      bodySha256,
    };
    await this.events.handleOnce(record, () => provider.handle(verdict));
    return { status: 'ok' };
  }
}

/** The raw body (a Buffer from setupWebhookBodies; empty when none came) and the headers. */
export const WebhookDelivery = createParamDecorator(
  (_: unknown, context: ExecutionContext): RawDelivery => {
    const req = context.switchToHttp().getRequest<Request>();
    return { body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), headers: req.headers };
  },
);

/**
 * A provider's webhook route, in a controller at 'api': POST at the route's path, whose raw body
 * setupWebhookBodies reads within its limit before sessions (no session, no CSRF: the signature
 * is the authentication); limited per sending address before anything is written or sent to the
 * provider; 200 when handled.
 */
export const WebhookEndpoint = (route: WebhookRoute): MethodDecorator =>
  applyDecorators(Post(route.path.slice('/api/'.length)), HttpCode(200), RateLimit('webhook'));
