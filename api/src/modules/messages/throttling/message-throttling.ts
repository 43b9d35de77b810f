import {
  Inject,
  Injectable,
  Module,
  type ExecutionContext,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import {
  ThrottlerGuard,
  ThrottlerModule,
  ThrottlerStorageService,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request } from 'express';
import { messageErrors } from '../messages.errors.js';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { RedisThrottlerStorage } from './redis-throttler-storage.js';
import '../../auth/auth.types.js';

export const THROTTLE_STORE = Symbol('THROTTLE_STORE');

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

const requestOf = (context: ExecutionContext): Request =>
  context.switchToHttp().getRequest<Request>();

/**
 * Limits per client IP and per signed-in user, counted across all the message forms together.
 * req.ip is the socket's address unless TRUST_PROXY_HOPS names proxies whose X-Forwarded-For
 * Express may read, so a client cannot pick its own address with a header.
 */
export function messageThrottlerOptions(
  config: AppConfig,
  store: ThrottleStore,
): ThrottlerModuleOptions {
  const ttl = config.messageLimits.windowMs;
  return {
    storage: store.storage,
    generateKey: (_context, tracker, name) => `messages:${name}:${tracker}`,
    throttlers: [
      {
        name: 'ip',
        ttl,
        limit: config.messageLimits.perIp,
        getTracker: (req) => (req as Request).ip ?? 'unknown',
      },
      {
        name: 'user',
        ttl,
        limit: config.messageLimits.perUser,
        skipIf: (context) => !requestOf(context).user,
        getTracker: (req) => (req as Request).user?.id ?? 'anonymous',
      },
    ],
  };
}

export const MessageThrottlerModule = ThrottlerModule.forRootAsync({
  imports: [ThrottleStoreModule],
  inject: [APP_CONFIG, ThrottleStore],
  useFactory: messageThrottlerOptions,
});

/** The throttler's guard with our error: a readable message and a plain Retry-After header. */
@Injectable()
export class MessageThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: { timeToBlockExpire: number },
  ): Promise<void> {
    return Promise.reject(messageErrors.tooMany(detail.timeToBlockExpire));
  }
}
