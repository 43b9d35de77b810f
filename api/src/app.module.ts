import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { MongooseModule } from '@nestjs/mongoose';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter.js';
import { ErrorActionGuard } from './common/errors/error-action.js';
import { ErrorEnvelopeGuard } from './common/errors/error-envelope.js';
import {
  createErrorReporter,
  ERROR_REPORTER,
  type ErrorReporter,
} from './common/errors/error-reporter.js';
import { LoggerModule } from './common/logging/logger.module.js';
import { loggerParams } from './common/logging/logging.js';
import { RateLimitModule } from './common/throttling/rate-limit.js';
import type { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { ExtractionModule } from './modules/extraction/extraction.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { MessagesModule } from './modules/messages/messages.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { TablesModule } from './modules/tables/tables.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config)),
        MongooseModule.forRoot(config.mongodbUri, {
          // While the database is away, requests fail within about a second (503
          // DATABASE_UNAVAILABLE) instead of queueing in mongoose's buffer; the driver keeps
          // probing and the next request after it returns succeeds, without a restart.
          bufferCommands: false,
          serverSelectionTimeoutMS: 1000,
          heartbeatFrequencyMS: 2000,
          connectTimeoutMS: 2000,
          // Every operation, retries included, ends within 3 s: a database slower than that
          // counts as away (503) rather than holding requests open. (Driver 7 warns that this
          // option is deprecated; database-latency.e2e-spec.ts shows it still bounds them, and
          // fails without it.)
          timeoutMS: 3000,
          retryAttempts: 3,
          retryDelay: 1000,
        }),
        RateLimitModule,
        HealthModule,
        AuthModule,
        BillingModule,
        ExtractionModule,
        MessagesModule,
        PaymentsModule,
        TablesModule,
      ],
      providers: [
        {
          provide: ERROR_REPORTER,
          useFactory: () =>
            createErrorReporter({ dsn: config.errorReporting.dsn, environment: config.nodeEnv }),
        },
        {
          provide: APP_FILTER,
          useFactory: (reporter: ErrorReporter) => new AllExceptionsFilter(reporter),
          inject: [ERROR_REPORTER],
        },
        // First of the global guards: the envelope and the action are known before any guard
        // can fail.
        { provide: APP_GUARD, useClass: ErrorEnvelopeGuard },
        { provide: APP_GUARD, useClass: ErrorActionGuard },
      ],
    };
  }
}
