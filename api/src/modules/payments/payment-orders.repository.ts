import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Currency } from 'contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { PaymentOrder, type OrderStatus } from './schemas/payment-order.schema.js';

export type OrderRow = {
  provider: string;
  orderId: string;
  userId: string;
  plan: string;
  amount: number;
  amountMinor: number;
  currency: Currency;
  status: OrderStatus;
  paymentId: string | null;
  paidAt: Date | null;
  refundedAt: Date | null;
  checkedAt: Date | null;
  createdAt: Date;
  /** The affiliate referral the order was made with (absent on orders older than the field). */
  affiliate?: string | null;
};

export type NewOrder = Pick<
  OrderRow,
  'provider' | 'orderId' | 'userId' | 'plan' | 'amount' | 'amountMinor' | 'currency' | 'affiliate'
>;

const eq = <T>(value: T) => ({ $eq: value });

@Injectable()
export class PaymentOrdersRepository {
  constructor(@InjectModel(PaymentOrder.name) private readonly orders: Model<PaymentOrder>) {}

  async create(order: NewOrder): Promise<void> {
    await this.orders.create({ ...order, status: 'created' });
  }

  /** An order first seen in the provider's event (the hosted checkout): inserted once. */
  async createOnce(order: NewOrder): Promise<boolean> {
    try {
      await this.orders.create({ ...order, status: 'created' });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  find(provider: string, orderId: string): Promise<OrderRow | null> {
    return this.orders
      .findOne({ provider: eq(provider), orderId: eq(orderId) })
      .lean<OrderRow>()
      .exec();
  }

  findByPayment(provider: string, paymentId: string): Promise<OrderRow | null> {
    return this.orders
      .findOne({ provider: eq(provider), paymentId: eq(paymentId) })
      .lean<OrderRow>()
      .exec();
  }

  /** The person's latest order of this plan at the provider created since `since`. */
  latestForUser(
    provider: string,
    userId: string,
    plan: string,
    since: Date,
  ): Promise<OrderRow | null> {
    return this.orders
      .findOne({
        provider: eq(provider),
        userId: eq(userId),
        plan: eq(plan),
        createdAt: { $gte: since },
      })
      .sort({ createdAt: -1 })
      .lean<OrderRow>()
      .exec();
  }

  /** created → paid with its payment; an order already paid or refunded is left as it is. */
  async markPaid(
    provider: string,
    orderId: string,
    paymentId: string,
    paidAt: Date,
  ): Promise<void> {
    await this.orders
      .updateOne(
        { provider: eq(provider), orderId: eq(orderId), status: eq('created') },
        { $set: { status: 'paid', paymentId, paidAt } },
      )
      .exec();
  }

  /** paid (or created) → refunded; the order keeps its payment and paid time. */
  async markRefunded(provider: string, orderId: string, at: Date): Promise<void> {
    await this.orders
      .updateOne(
        { provider: eq(provider), orderId: eq(orderId), status: { $ne: 'refunded' } },
        { $set: { status: 'refunded', refundedAt: at } },
      )
      .exec();
  }

  /**
   * One page of the provider's orders in a state whose time is between `from` and `to`. Unpaid
   * ones ('created') oldest first, after `after` (the previous page's last order), so a sweep
   * reaches the end however many; paid ones least recently checked first (a refund sweep goes
   * round them slowly, a page a pass).
   */
  dueForCheck(
    provider: string,
    status: 'created' | 'paid',
    from: Date,
    to: Date,
    limit: number,
    after: Pick<OrderRow, 'createdAt' | 'orderId'> | null = null,
  ): Promise<OrderRow[]> {
    const time = status === 'created' ? 'createdAt' : 'paidAt';
    return this.orders
      .find({
        provider: eq(provider),
        status: eq(status),
        [time]: { $gte: from, $lte: to },
        ...(after && {
          $or: [
            { createdAt: { $gt: after.createdAt } },
            { createdAt: eq(after.createdAt), orderId: { $gt: after.orderId } },
          ],
        }),
      })
      .sort(status === 'created' ? { createdAt: 1, orderId: 1 } : { checkedAt: 1, paidAt: 1 })
      .limit(limit)
      .lean<OrderRow[]>()
      .exec();
  }

  async markChecked(provider: string, orderId: string, at: Date): Promise<void> {
    await this.orders
      .updateOne({ provider: eq(provider), orderId: eq(orderId) }, { $set: { checkedAt: at } })
      .exec();
  }

  listForUser(userId: string, limit: number): Promise<OrderRow[]> {
    return this.orders
      .find({ userId: eq(userId) })
      .sort({ createdAt: -1 })
      .limit(limit)
      .lean<OrderRow[]>()
      .exec();
  }
}
