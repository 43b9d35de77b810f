import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { TranslationModule } from '../translation/translation.module.js';
import { ExtractionController } from './extraction.controller.js';
import { ExtractionService } from './extraction.service.js';
import { DailyUsage, DailyUsageSchema } from './schemas/daily-usage.schema.js';
import { ExtractionRecord, ExtractionRecordSchema } from './schemas/extraction-record.schema.js';
import { ExtractionSlot, ExtractionSlotSchema } from './schemas/extraction-slot.schema.js';
import { UsageRepository } from './usage.repository.js';

@Module({
  imports: [
    TranslationModule,
    MongooseModule.forFeature([
      { name: DailyUsage.name, schema: DailyUsageSchema },
      { name: ExtractionRecord.name, schema: ExtractionRecordSchema },
      { name: ExtractionSlot.name, schema: ExtractionSlotSchema },
    ]),
  ],
  controllers: [ExtractionController],
  providers: [ExtractionService, UsageRepository],
  exports: [UsageRepository],
})
export class ExtractionModule {}
