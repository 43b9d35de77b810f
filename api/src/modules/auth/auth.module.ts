import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { PassportModule } from '@nestjs/passport';
import { BillingDataModule } from '../billing/billing-data.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { CsrfGuard } from './csrf.guard.js';
import { GoogleStrategy } from './google.strategy.js';
import { IdTokenVerifier } from './id-token-verifier.js';
import { RequestUserService } from './request-user.service.js';
import { SessionCleanupService } from './session-cleanup.service.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule, BillingDataModule],
  controllers: [AuthController],
  providers: [
    GoogleStrategy,
    SessionSerializer,
    SessionCleanupService,
    RequestUserService,
    {
      provide: IdTokenVerifier,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new IdTokenVerifier(config.addonIdentity),
    },
    { provide: APP_GUARD, useClass: CsrfGuard },
  ],
  // app.factory.ts mounts bearer-identity.ts with it, before any body is read.
  exports: [RequestUserService],
})
export class AuthModule {}
