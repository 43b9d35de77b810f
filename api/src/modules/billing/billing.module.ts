import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller.js';
import { BillingDataModule } from './billing-data.module.js';

/** Plans and entitlements (spec §3, §4, §9): catalogues, the person's plans, credits, payments. */
@Module({
  imports: [BillingDataModule],
  controllers: [BillingController],
  exports: [BillingDataModule],
})
export class BillingModule {}
