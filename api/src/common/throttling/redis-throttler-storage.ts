import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Redis } from 'ioredis';

// One round trip, atomic in Redis: count the hit in a fixed window and block the key once it goes
// over the limit. Several API instances pointed at one Redis share every limit.
// KEYS: hits, block. ARGV: window ms, limit, block ms. Returns hits, ms left, blocked, block ms left.
const INCREMENT = `
local blockLeft = redis.call('PTTL', KEYS[2])
if blockLeft > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return {hits, math.max(redis.call('PTTL', KEYS[1]), 0), 1, blockLeft}
end
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return {hits, left, 1, tonumber(ARGV[3])}
end
return {hits, left, 0, 0}
`;

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

/** @nestjs/throttler's storage contract on Redis (ioredis). */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger(RedisThrottlerStorage.name);
  readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = '',
  ) {
    // Fail fast while Redis is away instead of queueing requests behind it.
    this.redis = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    });
    this.redis.on('error', (error: Error) => {
      this.logger.warn(`Redis: ${error.message}`);
    });
    this.redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: INCREMENT });
  }

  /** Connects at start: a configured Redis that cannot be reached stops the API with its reason. */
  async connect(): Promise<void> {
    await this.redis.connect();
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const base = `${this.prefix}throttle:${throttlerName}:${key}`;
    const run = (
      this.redis as unknown as {
        throttleIncrement: (...args: (string | number)[]) => Promise<number[]>;
      }
    ).throttleIncrement;
    let answer: number[];
    try {
      answer = await run.call(
        this.redis,
        `${base}:hits`,
        `${base}:block`,
        ttl,
        limit,
        blockDuration > 0 ? blockDuration : ttl,
      );
    } catch (error) {
      // Redis went away after start: requests still go through (logged, not limited).
      this.logger.error(`Rate limit not applied, Redis failed: ${(error as Error).message}`);
      return { totalHits: 0, timeToExpire: seconds(ttl), isBlocked: false, timeToBlockExpire: 0 };
    }
    const [totalHits = 0, left = 0, blocked = 0, blockLeft = 0] = answer;
    return {
      totalHits,
      timeToExpire: seconds(left),
      isBlocked: blocked === 1,
      timeToBlockExpire: seconds(blockLeft),
    };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
