import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { ErrorEnvelopeGuard } from './common/errors/error-envelope.js';
import { LoggerModule } from './common/logging/logger.module.js';
import { loggerParams } from './common/logging/logging.js';
import { RateLimitModule } from './common/throttling/rate-limit.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { ExtractionModule } from './modules/extraction/extraction.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        MongooseModule.forRoot(config.mongodbUri, {
          serverSelectionTimeoutMS: 5000,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        RateLimitModule,
        HealthModule,
        AuthModule,
        ExtractionModule,
        MessagesModule,
      ],
      providers: [
        { provide: APP_FILTER, useValue: new AllExceptionsFilter() },
        // First of the global guards: the envelope is known before any guard can fail.
        { provide: APP_GUARD, useClass: ErrorEnvelopeGuard },
      ],
    };
  }
}
