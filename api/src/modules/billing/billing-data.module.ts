import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module.js';
import { BillingHistoryRepository } from './billing-history.repository.js';
import { BillingService } from './billing.service.js';
import { CreditsService } from './credits.service.js';
import { EntitlementsRepository } from './entitlements.repository.js';
import { EntitlementsService } from './entitlements.service.js';
import { LegacyPlanMigration } from './legacy-plan-migration.js';
import { BillingHistory, BillingHistorySchema } from './schemas/billing-history.schema.js';
import { Entitlement, EntitlementSchema } from './schemas/entitlement.schema.js';
import { Payment, PaymentSchema } from './schemas/payment.schema.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * Plans, entitlements, credits and payments without HTTP: the API's BillingModule and the
 * support command line both import it. Needs BILLING_CONFIG (ConfigModule, or the CLI's own).
 */
@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([
      { name: Entitlement.name, schema: EntitlementSchema },
      { name: Payment.name, schema: PaymentSchema },
      { name: BillingHistory.name, schema: BillingHistorySchema },
    ]),
  ],
  providers: [
    EntitlementsRepository,
    PaymentsRepository,
    BillingHistoryRepository,
    BillingService,
    EntitlementsService,
    CreditsService,
    LegacyPlanMigration,
  ],
  exports: [BillingService, EntitlementsService, CreditsService, LegacyPlanMigration],
})
export class BillingDataModule {}
