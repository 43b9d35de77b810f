import {
  applyDecorators,
  Inject,
  Injectable,
  Module,
  SetMetadata,
  UseGuards,
  type ExecutionContext,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  ThrottlerGuard,
  ThrottlerModule,
  ThrottlerStorageService,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request } from 'express';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { DomainError } from '../errors/domain-error.js';
import { httpErrors } from '../errors/http-errors.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';
import '../../modules/auth/auth.types.js';

// Rate limits for every module, on @nestjs/throttler: one storage (Redis when REDIS_URL is set,
// so several API instances share the counts; memory otherwise), one guard, and named policies.
// A route opts in with @RateLimit(policy); a route without one is not limited. Each policy counts
// per client IP and/or per signed-in user, as it says, across all the routes that name it.

export type RateLimitPolicy = 'messages' | 'extract' | 'sign-in' | 'health' | 'webhook' | 'payment';

type PolicyLimits = { windowMs: number; perIp?: number; perUser?: number };

function policyLimits(config: AppConfig): Record<RateLimitPolicy, PolicyLimits> {
  const minute = 60_000;
  return {
    messages: { ...config.messageLimits },
    extract: { ...config.extractLimits },
    'sign-in': { windowMs: minute, perIp: config.ipLimitsPerMinute.signIn },
    health: { windowMs: minute, perIp: config.ipLimitsPerMinute.health },
    // Every delivery to a payment webhook, counted per sending address before anything is read.
    webhook: { windowMs: minute, perIp: config.ipLimitsPerMinute.webhook },
    // Routes that call a payment provider for the signed-in person (they need a session).
    payment: { windowMs: minute, perUser: config.userLimitsPerMinute.payment },
  };
}

/** Where hit counts live: Redis when REDIS_URL is set (shared by every instance), else memory. */
@Injectable()
export class ThrottleStore implements OnModuleInit, OnModuleDestroy {
  readonly storage: ThrottlerStorage;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.storage = config.redisUrl
      ? new RedisThrottlerStorage(config.redisUrl, config.redisKeyPrefix)
      : new ThrottlerStorageService();
  }

  async onModuleInit(): Promise<void> {
    if (this.storage instanceof RedisThrottlerStorage) await this.storage.connect();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.storage instanceof RedisThrottlerStorage) await this.storage.close();
    if (this.storage instanceof ThrottlerStorageService) this.storage.onApplicationShutdown();
  }
}

@Module({ providers: [ThrottleStore], exports: [ThrottleStore] })
class ThrottleStoreModule {}

const RATE_LIMIT = Symbol('rate-limit');
type RateLimitMetadata = {
  policy: RateLimitPolicy;
  tooMany: (retryAfterSeconds: number) => DomainError;
};

const metadataOf = (context: ExecutionContext): RateLimitMetadata | undefined =>
  (Reflect.getMetadata(RATE_LIMIT, context.getHandler()) ??
    Reflect.getMetadata(RATE_LIMIT, context.getClass())) as RateLimitMetadata | undefined;

const requestOf = (context: ExecutionContext): Request =>
  context.switchToHttp().getRequest<Request>();

/**
 * Up to two throttlers per policy, `<policy>-ip` and `<policy>-user`, each skipped on routes of
 * other policies. req.ip is the socket's address unless TRUST_PROXY_HOPS names proxies whose
 * X-Forwarded-For Express may read, so a client cannot pick its own address with a header.
 */
export function rateLimitOptions(config: AppConfig, store: ThrottleStore): ThrottlerModuleOptions {
  const throttlers: ThrottlerOptions[] = Object.entries(policyLimits(config)).flatMap(
    ([policy, limits]) => {
      const other = (context: ExecutionContext) => metadataOf(context)?.policy !== policy;
      const named: ThrottlerOptions[] = [];
      if (limits.perIp !== undefined) {
        named.push({
          name: `${policy}-ip`,
          ttl: limits.windowMs,
          limit: limits.perIp,
          skipIf: other,
          getTracker: (req) => (req as Request).ip ?? 'unknown',
        });
      }
      if (limits.perUser !== undefined) {
        named.push({
          name: `${policy}-user`,
          ttl: limits.windowMs,
          limit: limits.perUser,
          skipIf: (context) => other(context) || !requestOf(context).user,
          getTracker: (req) => (req as Request).user?.id ?? 'anonymous',
        });
      }
      return named;
    },
  );
  return {
    storage: store.storage,
    // One count per throttler and client, whichever of the policy's routes was called. The name
    // is part of the key: the memory store keeps one block flag per key, so a key shared by two
    // policies let one policy's block refuse the other's requests.
    generateKey: (_context, tracker, name) => `${name}:${tracker}`,
    throttlers,
  };
}

/** Imported once, by the app module; the throttler module is global. */
export const RateLimitModule = ThrottlerModule.forRootAsync({
  imports: [ThrottleStoreModule],
  inject: [APP_CONFIG, ThrottleStore],
  useFactory: rateLimitOptions,
});

/** The throttler's guard with our errors: the policy's message and a plain Retry-After. */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override throwThrottlingException(
    context: ExecutionContext,
    detail: { timeToBlockExpire: number },
  ): Promise<void> {
    const tooMany = metadataOf(context)?.tooMany ?? httpErrors.tooManyRequests;
    return Promise.reject(tooMany(detail.timeToBlockExpire));
  }
}

/**
 * Limits a controller or route by `policy` (429 with Retry-After): TOO_MANY_REQUESTS, or the
 * domain's own error when given. Put it below other @UseGuards so it runs before them.
 */
export const RateLimit = (
  policy: RateLimitPolicy,
  tooMany: (retryAfterSeconds: number) => DomainError = httpErrors.tooManyRequests,
) => applyDecorators(SetMetadata(RATE_LIMIT, { policy, tooMany }), UseGuards(RateLimitGuard));
