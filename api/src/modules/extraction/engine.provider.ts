import { Inject, Injectable, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ExtractionEngine } from './engine/index.js';

/** The one engine of the API process, made from its configuration and closed at shutdown. */
export const EXTRACTION_ENGINE = Symbol('EXTRACTION_ENGINE');

export const engineProvider: Provider = {
  provide: EXTRACTION_ENGINE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) =>
    new ExtractionEngine({
      tesseractPath: config.tesseractPath,
      mode: config.ocrEngine,
      vision: config.vision,
      limits: { ocrTimeoutMs: config.ocrTimeoutMs },
    }),
};

/** Closes the engine (its warm Tesseract processes) when the API stops. */
@Injectable()
export class EngineLifecycle implements OnApplicationShutdown {
  constructor(@Inject(EXTRACTION_ENGINE) private readonly engine: ExtractionEngine) {}

  onApplicationShutdown(): void {
    this.engine.close();
  }
}
