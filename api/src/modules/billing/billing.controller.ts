import { Controller, Get, Inject, Param, Req, UseGuards } from '@nestjs/common';
import type {
  AddonPlansResponse,
  PaymentReceiptResponse,
  PaymentsResponse,
  PlansResponse,
} from 'contracts';
import type { Request } from 'express';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { SignedInGuard } from '../auth/signed-in.guard.js';
import type { SignedInUser } from '../auth/auth.types.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { CheckoutProduct } from '../../config/payments-config.js';
import { billingErrors } from './billing.errors.js';
import type { PaymentFlows } from './catalogue.js';
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

  private flows(): PaymentFlows {
    const overlay = this.config.payments.lemonSqueezy;
    const sold = new Set(overlay?.variants.values());
    return {
      card: this.config.payments.razorpay !== null,
      overlay: overlay !== null,
      checkoutLink: (product) =>
        sold.has(product as CheckoutProduct)
          ? `${this.config.apiPublicUrl}/api/checkout-link?plan=${encodeURIComponent(product)}`
          : null,
    };
  }

  /** The signed-in person's payments, newest first. */
  @Get('billing/payments')
  @UseGuards(SignedInGuard)
  payments(@CurrentUser() user: SignedInUser): Promise<PaymentsResponse> {
    return this.billing.paymentsOf(user.id);
  }

  /**
   * A printable receipt for one of the person's own payments, with the seller's details from
   * configuration. Another person's payment id answers exactly like an unknown one (404).
   */
  @Get('billing/payments/:paymentId/receipt')
  @UseGuards(SignedInGuard)
  async receipt(
    @CurrentUser() user: SignedInUser,
    @Param('paymentId') paymentId: string,
  ): Promise<PaymentReceiptResponse> {
    const payment =
      paymentId.length <= 128 ? await this.billing.paymentOf(user.id, paymentId) : null;
    if (!payment) throw billingErrors.paymentNotFound();
    return {
      receipt: {
        ...payment,
        buyer: { name: user.name, email: user.email },
        seller: { ...this.config.afterPayment.seller },
      },
    };
  }
}
