import { execFile } from 'node:child_process';
import { Inject, Injectable } from '@nestjs/common';
import { childEnv } from '../../common/process/child-env.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';

export type ComponentHealth = { status: 'up' | 'down'; detail?: string };

/** Is the local OCR engine (native Tesseract) installed and runnable? */
@Injectable()
export class OcrEngineProbe {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  check(): Promise<ComponentHealth & { engine: 'tesseract'; version?: string }> {
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
