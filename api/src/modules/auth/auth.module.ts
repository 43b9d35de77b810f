import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { BillingDataModule } from '../billing/billing-data.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { CsrfGuard } from './csrf.guard.js';
import { GoogleStrategy } from './google.strategy.js';
import { SessionCleanupService } from './session-cleanup.service.js';
import { SessionSerializer } from './session.serializer.js';

@Module({
  imports: [PassportModule.register({ session: true }), UsersModule, BillingDataModule],
  controllers: [AuthController],
  providers: [
    GoogleStrategy,
    SessionSerializer,
    SessionCleanupService,
    { provide: APP_GUARD, useClass: CsrfGuard },
  ],
})
export class AuthModule {}
