import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { JobsRepository } from './jobs.repository.js';
import { JobsService } from './jobs.service.js';
import { Job, JobSchema } from './schemas/job.schema.js';

/** Jobs, once: long work's state in MongoDB, the work where its bytes are (jobs.service.ts). */
@Module({
  imports: [MongooseModule.forFeature([{ name: Job.name, schema: JobSchema }])],
  providers: [JobsRepository, JobsService],
  exports: [JobsService],
})
export class JobsModule {}
