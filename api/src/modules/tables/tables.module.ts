import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module.js';
import { ExtractionModule } from '../extraction/extraction.module.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { TablesController } from './tables.controller.js';
import { tablesReaderProvider } from './tables-reader.js';
import { TablesService } from './tables.service.js';

/** The add-on's table and invoice reader: its route, its jobs and its credits. */
@Module({
  imports: [ExtractionModule, BillingModule, JobsModule],
  controllers: [TablesController],
  providers: [tablesReaderProvider, TablesService],
})
export class TablesModule {}
