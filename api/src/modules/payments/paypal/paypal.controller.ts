import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import type { PaypalCreateOrderResponse, PaypalPaymentSuccessResponse } from 'contracts';
import type { WebhookRoute } from '../../../common/http/body-parsing.js';
import { RateLimit } from '../../../common/throttling/rate-limit.js';
import { FormErrorEnvelope } from '../../../common/errors/error-envelope.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { SignedInGuard } from '../../auth/signed-in.guard.js';
import { PaypalOrdersService } from './paypal-orders.service.js';
import {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookIntake,
  type RawDelivery,
} from '../webhook-intake.js';
import { PaypalWebhookService } from './paypal-webhook.service.js';
import { PaypalCreateOrderDto, PaypalPaymentSuccessDto } from './paypal.dto.js';
import { ErrorAction } from '../../../common/errors/error-action.js';

/**
 * PayPal does not publish a maximum webhook size; a capture or refund event with its links is a
 * few KB. 256 KB leaves room and nothing like an upload.
 */
export const PAYPAL_WEBHOOK_ROUTE: WebhookRoute = {
  path: '/api/webhooks/paypal',
  limitBytes: 256 * 1024,
};

@ErrorAction('payments')
@Controller('api')
export class PaypalController {
  constructor(
    private readonly orders: PaypalOrdersService,
    private readonly webhooks: PaypalWebhookService,
    private readonly intake: WebhookIntake,
  ) {}

  /** Signed in, CSRF: the wallet order for a plan code; `{ orderId }` for the buttons. */
  @Post('paypal/create-order')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  createOrder(
    @CurrentUser() user: SignedInUser,
    @Body() dto: PaypalCreateOrderDto,
  ): Promise<PaypalCreateOrderResponse> {
    return this.orders.createOrder(user.id, dto.plan, dto.aff);
  }

  /** `{ success: true, plan }` from the server's capture, or `{ success: false, code, error }`. */
  @Post('paypal-payment-success')
  @HttpCode(200)
  @FormErrorEnvelope()
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  paymentSuccess(
    @CurrentUser() user: SignedInUser,
    @Body() dto: PaypalPaymentSuccessDto,
  ): Promise<PaypalPaymentSuccessResponse> {
    return this.orders.paymentSuccess(user.id, dto);
  }

  /** The provider's deliveries, through the one intake (webhook-intake.ts). */
  @WebhookEndpoint(PAYPAL_WEBHOOK_ROUTE)
  webhook(@WebhookDelivery() delivery: RawDelivery): Promise<{ status: 'ok' }> {
    return this.intake.receive(this.webhooks, delivery);
  }
}
