import { Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';

export const SESSIONS_COLLECTION = 'sessions';
const EVERY_MS = 10 * 60_000;

/**
 * Deletes expired sessions every 10 minutes. MongoDB would do this with a TTL index, which
 * FerretDB 1.x does not support, so the store's own TTL-index mode is off and this runs instead.
 */
@Injectable()
export class SessionCleanupService implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.removeExpired().catch(() => undefined), EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Returns how many expired sessions were deleted. */
  async removeExpired(now = new Date()): Promise<number> {
    const result = await this.connection
      .collection(SESSIONS_COLLECTION)
      .deleteMany({ expires: { $lt: now } });
    return result.deletedCount;
  }
}
