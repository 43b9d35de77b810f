import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { UsersModule } from '../users/users.module.js';
import { EngineLifecycle, engineProvider } from './engine.provider.js';
import { ExtractionConcurrency } from './extraction-concurrency.js';
import { ExtractionController } from './extraction.controller.js';
import { ExtractionService } from './extraction.service.js';
import { DailyUsage, DailyUsageSchema } from './schemas/daily-usage.schema.js';
import { ExtractionRecord, ExtractionRecordSchema } from './schemas/extraction-record.schema.js';
import { ExtractionSlot, ExtractionSlotSchema } from './schemas/extraction-slot.schema.js';
import { FeedbackBonus, FeedbackBonusSchema } from './schemas/feedback-bonus.schema.js';
import { DailySlotAllowance } from './daily-slot-allowance.js';
import { UsageRepository } from './usage.repository.js';
import { UsageService } from './usage.service.js';

/** Text extraction: the engine, the free plan's daily allowance, and their routes. */
@Module({
  imports: [
    UsersModule,
    MongooseModule.forFeature([
      { name: DailyUsage.name, schema: DailyUsageSchema },
      { name: ExtractionRecord.name, schema: ExtractionRecordSchema },
      { name: ExtractionSlot.name, schema: ExtractionSlotSchema },
      { name: FeedbackBonus.name, schema: FeedbackBonusSchema },
    ]),
  ],
  controllers: [ExtractionController],
  providers: [
    engineProvider,
    EngineLifecycle,
    ExtractionConcurrency,
    ExtractionService,
    UsageRepository,
    DailySlotAllowance,
    UsageService,
  ],
  exports: [UsageService, engineProvider, ExtractionConcurrency],
})
export class ExtractionModule {}
