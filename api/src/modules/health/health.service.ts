import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import mongoose, { type Connection } from 'mongoose';
import { OcrEngineProbe, type ComponentHealth, type OcrHealth } from './ocr-engine.probe.js';

export type HealthReport = {
  status: 'ok' | 'degraded';
  database: ComponentHealth;
  ocr: OcrHealth;
};

/** What anyone may see: up or down per component, no error text, no versions. */
export type PublicHealthReport = {
  status: HealthReport['status'];
  database: { status: ComponentHealth['status'] };
  ocr: { status: ComponentHealth['status'] };
};

const DB_PING_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly ocr: OcrEngineProbe,
  ) {}

  async report(): Promise<HealthReport> {
    const [database, ocr] = await Promise.all([this.pingDatabase(), this.ocr.check()]);
    const status = database.status === 'up' && ocr.status === 'up' ? 'ok' : 'degraded';
    return { status, database, ocr };
  }

  toPublic(report: HealthReport): PublicHealthReport {
    return {
      status: report.status,
      database: { status: report.database.status },
      ocr: { status: report.ocr.status },
    };
  }

  private async pingDatabase(): Promise<ComponentHealth> {
    const db = this.connection.db;
    if (!db || this.connection.readyState !== mongoose.ConnectionStates.connected)
      return { status: 'down', detail: 'not connected' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('ping timed out')), DB_PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([db.command({ ping: 1 }), timeout]);
      return { status: 'up' };
    } catch (error) {
      return { status: 'down', detail: error instanceof Error ? error.message : 'ping failed' };
    } finally {
      clearTimeout(timer);
    }
  }
}
