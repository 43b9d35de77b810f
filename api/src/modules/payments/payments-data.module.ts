import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { BillingDataModule } from '../billing/billing-data.module.js';
import { AffiliateConversionService } from './affiliate/affiliate-conversion.service.js';
import { HeldPurchasesRepository } from './held-purchases.repository.js';
import { PaymentCapturesRepository } from './payment-captures.repository.js';
import { PaymentFulfilmentService } from './payment-fulfilment.service.js';
import { PaymentOrdersRepository } from './payment-orders.repository.js';
import { PaymentsAuditService } from './payments-audit.service.js';
import { ProviderSubscriptionsRepository } from './provider-subscriptions.repository.js';
import {
  ProviderSubscription,
  ProviderSubscriptionSchema,
} from './schemas/provider-subscription.schema.js';
import { HeldPurchase, HeldPurchaseSchema } from './schemas/held-purchase.schema.js';
import { PaymentCapture, PaymentCaptureSchema } from './schemas/payment-capture.schema.js';
import { PaymentOrder, PaymentOrderSchema } from './schemas/payment-order.schema.js';
import { WebhookEvent, WebhookEventSchema } from './schemas/webhook-event.schema.js';
import {
  AffiliateConversion,
  AffiliateConversionSchema,
} from './schemas/affiliate-conversion.schema.js';
import { AffiliateReversal, AffiliateReversalSchema } from './schemas/affiliate-reversal.schema.js';
import { WebhookEventsRepository } from './webhook-events.repository.js';

/**
 * Orders, webhook events and what every provider does with a payment, without HTTP: the API's
 * PaymentsModule and the support command line both import it.
 */
@Module({
  imports: [
    BillingDataModule,
    MongooseModule.forFeature([
      { name: PaymentOrder.name, schema: PaymentOrderSchema },
      { name: WebhookEvent.name, schema: WebhookEventSchema },
      { name: PaymentCapture.name, schema: PaymentCaptureSchema },
      { name: ProviderSubscription.name, schema: ProviderSubscriptionSchema },
      { name: AffiliateConversion.name, schema: AffiliateConversionSchema },
      { name: AffiliateReversal.name, schema: AffiliateReversalSchema },
      { name: HeldPurchase.name, schema: HeldPurchaseSchema },
    ]),
  ],
  providers: [
    PaymentOrdersRepository,
    PaymentCapturesRepository,
    WebhookEventsRepository,
    ProviderSubscriptionsRepository,
    HeldPurchasesRepository,
    PaymentFulfilmentService,
    PaymentsAuditService,
    AffiliateConversionService,
  ],
  exports: [
    AffiliateConversionService,
    BillingDataModule,
    HeldPurchasesRepository,
    PaymentOrdersRepository,
    WebhookEventsRepository,
    ProviderSubscriptionsRepository,
    PaymentFulfilmentService,
    PaymentsAuditService,
  ],
})
export class PaymentsDataModule {}
