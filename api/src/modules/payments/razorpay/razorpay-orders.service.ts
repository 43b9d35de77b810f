import { Injectable } from '@nestjs/common';
import type { CreateOrderResponse } from 'contracts';
import { BillingService } from '../../billing/billing.service.js';
import type { CountrySource } from '../../billing/country.js';
import { referralOf } from '../affiliate/referral.js';
import { PaymentFulfilmentService } from '../payment-fulfilment.service.js';
import { PaymentOrdersRepository } from '../payment-orders.repository.js';
import { paymentErrors } from '../payments.errors.js';
import { checkoutSignatureValid } from './razorpay-signature.js';
import type { CreateOrderDto, VerifyPaymentDto } from './razorpay.dto.js';
import { RazorpayGateway } from './razorpay.gateway.js';

export const RAZORPAY = 'razorpay';

/** The card flow for Indian visitors (spec §4 Payment, §7 create-order and verify-payment). */
@Injectable()
export class RazorpayOrdersService {
  constructor(
    private readonly gateway: RazorpayGateway,
    private readonly billing: BillingService,
    private readonly orders: PaymentOrdersRepository,
    private readonly fulfilment: PaymentFulfilmentService,
  ) {}

  /**
   * Prices the plan from the catalogue in INR (Indian visitors only), refuses a different amount
   * from the page, creates the order at Razorpay and stores it with the person and the plan.
   */
  async createOrder(
    userId: string,
    dto: CreateOrderDto,
    visitor: CountrySource,
  ): Promise<CreateOrderResponse> {
    const keyId = this.gateway.keyId;
    const catalogue = this.billing.plans(this.billing.countryOf(visitor));
    if (!catalogue.isIndianUser || catalogue.currency !== 'INR') {
      throw paymentErrors.cardFlowNotForCountry();
    }
    const plan = catalogue.plans.find((entry) => entry.plan === dto.planType);
    if (!plan || plan.code === 'free') throw paymentErrors.notSoldHere(dto.planType);
    if (dto.amount !== plan.price) throw paymentErrors.amountMismatch();
    await this.billing.assertPurchaseExtends(userId, plan.plan);
    const amountMinor = Math.round(plan.price * 100);
    const created = await this.gateway.createOrder({
      amountMinor,
      currency: 'INR',
      receipt: `${plan.code}-${Date.now().toString(36)}`,
      notes: { userId, plan: plan.plan },
    });
    if (created.amount !== amountMinor || created.currency !== 'INR') {
      throw paymentErrors.providerUnavailable('Razorpay');
    }
    await this.orders.create({
      provider: RAZORPAY,
      orderId: created.id,
      userId,
      plan: plan.plan,
      amount: plan.price,
      amountMinor,
      currency: 'INR',
      affiliate: referralOf(dto.aff),
    });
    return { amount: amountMinor, currency: 'INR', orderId: created.id, keyId };
  }

  /**
   * The checkout's success callback, checked against the STORED order of this person: another
   * person's order or a wrong signature changes nothing (400); a good one grants the order's plan
   * (never the planType sent back) once, converging with the webhooks.
   */
  async verify(userId: string, dto: VerifyPaymentDto): Promise<{ success: true }> {
    const { keySecret } = this.gateway.settings();
    const order = await this.orders.find(RAZORPAY, dto.razorpay_order_id);
    if (!order || order.userId !== userId) throw paymentErrors.orderNotFound();
    if (
      !checkoutSignatureValid(
        order.orderId,
        dto.razorpay_payment_id,
        dto.razorpay_signature,
        keySecret,
      )
    ) {
      throw paymentErrors.verificationFailed();
    }
    const outcome = await this.fulfilment.fulfil({
      provider: RAZORPAY,
      orderId: order.orderId,
      paymentId: dto.razorpay_payment_id,
      // The signature vouches for this payment of this order: its amount is the order's.
      amountMinor: order.amountMinor,
      currency: order.currency,
      at: new Date(),
    });
    if (outcome.kind === 'refunded') throw paymentErrors.paymentRefunded();
    if (outcome.kind === 'unknown-order' || outcome.kind === 'amount-mismatch') {
      throw paymentErrors.verificationFailed();
    }
    return { success: true };
  }
}
