import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import type { AddonPlansResponse, PaymentsResponse, PlansResponse } from 'contracts';
import type { Request } from 'express';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { BillingService } from './billing.service.js';

@Controller('api')
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  /** The main catalogue priced for the visitor's country as the server sees it (public). */
  @Get('plans')
  plans(@Req() req: Request): PlansResponse {
    return this.billing.plans(this.billing.countryOf({ ip: req.ip, headers: req.headers }));
  }

  /** The add-on's subscription and top-up options (public; USD). */
  @Get('sheets-extension/plans')
  addonPlans(): AddonPlansResponse {
    return this.billing.addonPlans();
  }

  /** The signed-in person's payments, newest first. */
  @Get('billing/payments')
  @UseGuards(SignedInGuard)
  payments(@CurrentUser() user: SignedInUser): Promise<PaymentsResponse> {
    return this.billing.paymentsOf(user.id);
  }
}
