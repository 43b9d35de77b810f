import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { OcrEngineProbe } from './ocr-engine.probe.js';

@Module({
  controllers: [HealthController],
  providers: [HealthService, OcrEngineProbe],
})
export class HealthModule {}
