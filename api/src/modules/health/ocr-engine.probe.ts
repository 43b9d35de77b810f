import { execFile } from 'node:child_process';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { childEnv } from '../../common/process/child-env.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

export type ComponentHealth = { status: 'up' | 'down'; detail?: string };
export type OcrHealth = ComponentHealth & { engine: 'tesseract'; version?: string };

// Starting Tesseract on every health call let anyone make the API spawn processes at will: the
// answer is probed at start and kept, refreshed at most this often (sooner while it is down).
const REFRESH_UP_MS = 5 * 60_000;
const REFRESH_DOWN_MS = 30_000;

/** Is the local OCR engine (native Tesseract) installed and runnable? */
@Injectable()
export class OcrEngineProbe implements OnModuleInit {
  private last: { at: number; health: OcrHealth } | undefined;
  private probing: Promise<OcrHealth> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onModuleInit(): Promise<void> {
    await this.check();
  }

  /** The last probe's answer while it is fresh; otherwise one probe, shared by every caller. */
  check(): Promise<OcrHealth> {
    const last = this.last;
    if (last) {
      const age = Date.now() - last.at;
      if (age < (last.health.status === 'up' ? REFRESH_UP_MS : REFRESH_DOWN_MS))
        return Promise.resolve(last.health);
    }
    this.probing ??= this.probe().then((health) => {
      this.last = { at: Date.now(), health };
      this.probing = undefined;
      return health;
    });
    return this.probing;
  }

  private probe(): Promise<OcrHealth> {
    return new Promise((resolve) => {
      execFile(
        this.config.tesseractPath,
        ['--version'],
        { timeout: 5000, env: childEnv() },
        (error, stdout, stderr) => {
          if (error) {
            resolve({
              status: 'down',
              engine: 'tesseract',
              detail: 'tesseract is not installed or not runnable',
            });
            return;
          }
          const version = /tesseract\s+v?([\d.]+)/i.exec(`${stdout}${stderr}`)?.[1];
          resolve({ status: 'up', engine: 'tesseract', ...(version ? { version } : {}) });
        },
      );
    });
  }
}
