import { Controller, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import type {
  CheckoutLinkResponse,
  ClaimHeldPurchaseResponse,
  CustomerPortalLinkResponse,
  HeldPurchasesResponse,
} from 'contracts';
import type { WebhookRoute } from '../../../common/http/body-parsing.js';
import { RateLimit } from '../../../common/throttling/rate-limit.js';
import type { SignedInUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/current-user.decorator.js';
import { SignedInGuard } from '../../auth/signed-in.guard.js';
import { LemonSqueezyCheckoutService } from './lemonsqueezy-checkout.service.js';
import {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookIntake,
  type RawDelivery,
} from '../webhook-intake.js';
import { LemonSqueezyWebhookService } from './lemonsqueezy-webhook.service.js';
import { HeldPurchasesService } from './held-purchases.service.js';
import { CheckoutLinkQueryDto, HeldPurchaseParam, PortalLinkQueryDto } from './lemonsqueezy.dto.js';
import { ErrorAction } from '../../../common/errors/error-action.js';

/**
 * Lemon Squeezy does not publish a maximum webhook size; an order or subscription object with
 * its URLs and custom data is a few KB. 256 KB leaves room and nothing like an upload.
 */
export const LEMONSQUEEZY_WEBHOOK_ROUTE: WebhookRoute = {
  path: '/api/webhooks/lemonsqueezy',
  limitBytes: 256 * 1024,
};

@ErrorAction('payments')
@Controller('api')
export class LemonSqueezyController {
  constructor(
    private readonly checkout: LemonSqueezyCheckoutService,
    private readonly webhooks: LemonSqueezyWebhookService,
    private readonly intake: WebhookIntake,
    private readonly held: HeldPurchasesService,
  ) {}

  /** A checkout created now for the signed-in person and a plan code or add-on option. */
  @Get('checkout-link')
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  checkoutLink(
    @CurrentUser() user: SignedInUser,
    @Query() query: CheckoutLinkQueryDto,
  ): Promise<CheckoutLinkResponse> {
    return this.checkout.checkoutLink(user, query);
  }

  /** `{ portalUrl }`; 404 NO_SUBSCRIPTION for a person without one (spec §7, §8). */
  @Get('get-customer-portal-link')
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  portalLink(
    @CurrentUser() user: SignedInUser,
    @Query() query: PortalLinkQueryDto,
  ): Promise<CustomerPortalLinkResponse> {
    return this.checkout.portalLink(user.id, query.forSheetsExtension === 'true');
  }

  /** Purchases held for the signed-in person's email, bound to no one (issue 20). */
  @Get('held-purchases')
  @UseGuards(SignedInGuard)
  heldPurchases(@CurrentUser() user: SignedInUser): Promise<HeldPurchasesResponse> {
    return this.held.claimable(user);
  }

  /** Signed in, CSRF: applies one of them to this account ('Claim' on the account page). */
  @Post('held-purchases/:orderId/claim')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @RateLimit('payment')
  claim(
    @CurrentUser() user: SignedInUser,
    @Param() params: HeldPurchaseParam,
  ): Promise<ClaimHeldPurchaseResponse> {
    return this.held.claim(user, params.orderId);
  }

  /** The provider's deliveries, through the one intake (webhook-intake.ts). */
  @WebhookEndpoint(LEMONSQUEEZY_WEBHOOK_ROUTE)
  webhook(@WebhookDelivery() delivery: RawDelivery): Promise<{ status: 'ok' }> {
    return this.intake.receive(this.webhooks, delivery);
  }
}
