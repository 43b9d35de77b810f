import { Controller, Get, Inject, Req, UseGuards } from '@nestjs/common';
import type { AddonPlansResponse, PaymentsResponse, PlansResponse } from 'contracts';
import type { Request } from 'express';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { BillingService } from './billing.service.js';

@Controller('api')
export class BillingController {
  constructor(
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The main catalogue priced for the visitor's country as the server sees it (public);
   * paymentsAvailable: for an Indian visitor the card flow is configured, for anyone else the
   * hosted overlay is.
   */
  @Get('plans')
  plans(@Req() req: Request): PlansResponse {
    const country = this.billing.countryOf({ ip: req.ip, headers: req.headers });
    return this.billing.plans(country, this.flows());
  }

  /** The add-on's subscription and top-up options (public; USD; bought in the overlay). */
  @Get('sheets-extension/plans')
  addonPlans(): AddonPlansResponse {
    return this.billing.addonPlans(this.flows());
  }

  private flows() {
    return {
      card: this.config.payments.razorpay !== null,
      overlay: this.config.payments.lemonSqueezy !== null,
    };
  }

  /** The signed-in person's payments, newest first. */
  @Get('billing/payments')
  @UseGuards(SignedInGuard)
  payments(@CurrentUser() user: SignedInUser): Promise<PaymentsResponse> {
    return this.billing.paymentsOf(user.id);
  }
}
