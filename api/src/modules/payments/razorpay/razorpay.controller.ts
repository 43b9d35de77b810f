import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import type { CreateOrderResponse } from 'contracts';
import type { Request } from 'express';
import type { WebhookRoute } from '../../../common/http/body-parsing.js';
import { RateLimit } from '../../../common/throttling/rate-limit.js';
import { FormErrorEnvelope } from '../../../common/errors/error-envelope.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { SignedInGuard } from '../../auth/signed-in.guard.js';
import { RazorpayOrdersService } from './razorpay-orders.service.js';
import {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookIntake,
  type RawDelivery,
} from '../webhook-intake.js';
import { RazorpayWebhookService } from './razorpay-webhook.service.js';
import { CreateOrderDto, VerifyPaymentDto } from './razorpay.dto.js';
import { ErrorAction } from '../../../common/errors/error-action.js';

/**
 * Razorpay does not publish a maximum webhook size; its payment and refund events are a few KB.
 * 256 KB leaves room for notes and nested entities and nothing like an upload.
 */
export const RAZORPAY_WEBHOOK_ROUTE: WebhookRoute = {
  path: '/api/webhooks/razorpay',
  limitBytes: 256 * 1024,
};

@ErrorAction('payments')
@Controller('api')
export class RazorpayController {
  constructor(
    private readonly orders: RazorpayOrdersService,
    private readonly webhooks: RazorpayWebhookService,
    private readonly intake: WebhookIntake,
  ) {}

  /** Signed in (401 sends the page to sign-in), CSRF like every POST. */
  @Post('create-order')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  createOrder(
    @CurrentUser() user: SignedInUser,
    @Body() dto: CreateOrderDto,
    @Req() req: Request,
  ): Promise<CreateOrderResponse> {
    return this.orders.createOrder(user.id, dto, { ip: req.ip, headers: req.headers });
  }

  /** `{ success: true }`, or `{ success: false, code, error }` with a 4xx. */
  @Post('verify-payment')
  @HttpCode(200)
  @FormErrorEnvelope()
  @UseGuards(SignedInGuard)
  verifyPayment(
    @CurrentUser() user: SignedInUser,
    @Body() dto: VerifyPaymentDto,
  ): Promise<{ success: true }> {
    return this.orders.verify(user.id, dto);
  }

  /** The provider's deliveries, through the one intake (webhook-intake.ts). */
  @WebhookEndpoint(RAZORPAY_WEBHOOK_ROUTE)
  webhook(@WebhookDelivery() delivery: RawDelivery): Promise<{ status: 'ok' }> {
    return this.intake.receive(this.webhooks, delivery);
  }
}
