import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ExtractionEngine } from './engine/index.js';

/** The one engine of the API process, made from its configuration and closed at shutdown. */
export const EXTRACTION_ENGINE = Symbol('EXTRACTION_ENGINE');

export const engineProvider: Provider = {
  provide: EXTRACTION_ENGINE,
  inject: [APP_CONFIG],
  // The server loads the image reader, vision client and translator at start, so that its first
  // request is as fast as the next (the command line loads them only for files that need them).
  useFactory: async (config: AppConfig) => {
    const engine = new ExtractionEngine({
      tesseractPath: config.tesseractPath,
      mode: config.ocrEngine,
      vision: config.vision,
      limits: { ocrTimeoutMs: config.ocrTimeoutMs },
    });
    await engine.preload();
    return engine;
  },
};

/**
 * A stopping API (SIGTERM) first lets the extractions it has finish: the engine refuses new
 * ones (ENGINE_BUSY, 503 with Retry-After) and waits for those taken, up to the longest a job
 * can run; then the HTTP server closes once their answers are sent, and the engine ends its warm
 * processes and removes its temporary folder.
 */
@Injectable()
export class EngineLifecycle implements BeforeApplicationShutdown, OnApplicationShutdown {
  constructor(@Inject(EXTRACTION_ENGINE) private readonly engine: ExtractionEngine) {}

  async beforeApplicationShutdown(): Promise<void> {
    await this.engine.drain();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engine.close(0);
  }
}
