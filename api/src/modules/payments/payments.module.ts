import { Module } from '@nestjs/common';
import { CheckoutBinding } from './lemonsqueezy/checkout-binding.js';
import { HeldPurchasesService } from './lemonsqueezy/held-purchases.service.js';
import { LemonSqueezyCheckoutService } from './lemonsqueezy/lemonsqueezy-checkout.service.js';
import { LemonSqueezyReconciliationService } from './lemonsqueezy/lemonsqueezy-reconciliation.service.js';
import { LemonSqueezyStateService } from './lemonsqueezy/lemonsqueezy-state.service.js';
import { LemonSqueezyWebhookService } from './lemonsqueezy/lemonsqueezy-webhook.service.js';
import { LemonSqueezyClient } from './lemonsqueezy/lemonsqueezy.client.js';
import { LemonSqueezyController } from './lemonsqueezy/lemonsqueezy.controller.js';
import { SupersededSubscriptionsService } from './lemonsqueezy/superseded-subscriptions.service.js';
import { PaymentsDataModule } from './payments-data.module.js';
import { PaypalOrdersService } from './paypal/paypal-orders.service.js';
import { PaypalReconciliationService } from './paypal/paypal-reconciliation.service.js';
import { PaypalWebhookService } from './paypal/paypal-webhook.service.js';
import { PaypalClient } from './paypal/paypal.client.js';
import { PaypalController } from './paypal/paypal.controller.js';
import { RazorpayReconciliationService } from './razorpay/razorpay-reconciliation.service.js';
import { RazorpayOrdersService } from './razorpay/razorpay-orders.service.js';
import { RazorpayWebhookService } from './razorpay/razorpay-webhook.service.js';
import { RazorpayController } from './razorpay/razorpay.controller.js';
import { RazorpayGateway } from './razorpay/razorpay.gateway.js';
import { UnverifiedWebhooks } from './unverified-webhooks.js';
import { WebhookIntake } from './webhook-intake.js';

/**
 * Taking money (spec §4 Payment, §7, §8; security.md §3). One folder per provider (razorpay/:
 * card orders for Indian visitors; lemonsqueezy/: the hosted checkout overlay, subscriptions and
 * add-ons; paypal/: the wallet orders, captured by the server) over shared pieces: orders
 * and webhook events with their unique indexes, signature checks, and PaymentFulfilmentService,
 * the one path from a paid order or a refund to the billing module's services.
 */
@Module({
  imports: [PaymentsDataModule],
  controllers: [RazorpayController, LemonSqueezyController, PaypalController],
  providers: [
    LemonSqueezyClient,
    CheckoutBinding,
    HeldPurchasesService,
    LemonSqueezyStateService,
    LemonSqueezyWebhookService,
    LemonSqueezyCheckoutService,
    LemonSqueezyReconciliationService,
    SupersededSubscriptionsService,
    RazorpayGateway,
    RazorpayOrdersService,
    RazorpayWebhookService,
    RazorpayReconciliationService,
    PaypalClient,
    PaypalOrdersService,
    PaypalWebhookService,
    PaypalReconciliationService,
    UnverifiedWebhooks,
    WebhookIntake,
  ],
})
export class PaymentsModule {}
