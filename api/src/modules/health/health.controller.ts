import { Controller, Get, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RateLimit } from '../../common/throttling/rate-limit.js';
import { HealthService, type HealthReport, type PublicHealthReport } from './health.service.js';
import '../auth/auth.types.js';

@Controller('api/health')
@RateLimit('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /**
   * 200 when the database answers and the OCR engine is present, 503 otherwise. Anyone sees up or
   * down per component; driver errors and versions only the support team.
   */
  @Get()
  async get(
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<HealthReport | PublicHealthReport> {
    const report = await this.health.report();
    res.status(report.status === 'ok' ? 200 : 503);
    return req.user?.roles.includes('support') ? report : this.health.toPublic(report);
  }
}
