import { Module } from '@nestjs/common';
import { PaymentsDataModule } from './payments-data.module.js';
import { RazorpayReconciliationService } from './razorpay/razorpay-reconciliation.service.js';
import { RazorpayOrdersService } from './razorpay/razorpay-orders.service.js';
import { RazorpayWebhookService } from './razorpay/razorpay-webhook.service.js';
import { RazorpayController } from './razorpay/razorpay.controller.js';
import { RazorpayGateway } from './razorpay/razorpay.gateway.js';

/**
 * Taking money (spec §4 Payment, §7, §8; security.md §3). One folder per provider (razorpay/:
 * card orders for Indian visitors; lemonsqueezy/ and paypal/ to come) over shared pieces: orders
 * and webhook events with their unique indexes, signature checks, and PaymentFulfilmentService,
 * the one path from a paid order or a refund to the billing module's services.
 */
@Module({
  imports: [PaymentsDataModule],
  controllers: [RazorpayController],
  providers: [
    RazorpayGateway,
    RazorpayOrdersService,
    RazorpayWebhookService,
    RazorpayReconciliationService,
  ],
})
export class PaymentsModule {}
