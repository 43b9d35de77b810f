import { Body, Controller, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { PaypalCreateOrderResponse, PaypalPaymentSuccessResponse } from 'contracts';
import type { Request } from 'express';
import type { WebhookRoute } from '../../../common/http/body-parsing.js';
import { RateLimit } from '../../../common/throttling/rate-limit.js';
import { FormErrorEnvelope } from '../../../common/errors/error-envelope.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { SignedInGuard } from '../../auth/signed-in.guard.js';
import { PaypalOrdersService } from './paypal-orders.service.js';
import { PaypalWebhookService } from './paypal-webhook.service.js';
import { PaypalCreateOrderDto, PaypalPaymentSuccessDto } from './paypal.dto.js';

/**
 * PayPal does not publish a maximum webhook size; a capture or refund event with its links is a
 * few KB. 256 KB leaves room and nothing like an upload.
 */
export const PAYPAL_WEBHOOK_ROUTE: WebhookRoute = {
  path: '/api/webhooks/paypal',
  limitBytes: 256 * 1024,
};

@Controller('api')
export class PaypalController {
  constructor(
    private readonly orders: PaypalOrdersService,
    private readonly webhooks: PaypalWebhookService,
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

  /**
   * Raw body (body-parsing.ts), no session, no CSRF: PayPal's verification is the authentication.
   * Limited per sending address before anything is read, written or sent to PayPal.
   */
  @Post('webhooks/paypal')
  @HttpCode(200)
  @RateLimit('webhook')
  webhook(
    @Req() req: Request,
    @Headers('paypal-transmission-id') transmissionId: string | undefined,
    @Headers('paypal-transmission-time') transmissionTime: string | undefined,
    @Headers('paypal-transmission-sig') transmissionSig: string | undefined,
    @Headers('paypal-cert-url') certUrl: string | undefined,
    @Headers('paypal-auth-algo') authAlgo: string | undefined,
  ): Promise<{ status: 'ok' }> {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    return this.webhooks.receive(raw, {
      transmissionId,
      transmissionTime,
      transmissionSig,
      certUrl,
      authAlgo,
    });
  }
}
