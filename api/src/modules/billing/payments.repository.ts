import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Currency } from 'contracts';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { Payment } from './schemas/payment.schema.js';

export type PaymentRow = {
  provider: string;
  paymentId: string;
  userId: string;
  plan: string;
  amount: number;
  currency: Currency;
  paidAt: Date;
};

@Injectable()
export class PaymentsRepository {
  constructor(@InjectModel(Payment.name) private readonly payments: Model<Payment>) {}

  /** Records a payment once: a second delivery of the same provider payment adds nothing. */
  async recordOnce(row: PaymentRow): Promise<boolean> {
    try {
      await this.payments.create(row);
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** The person's payments, newest first. */
  async listForUser(userId: string, limit: number): Promise<PaymentRow[]> {
    return this.payments
      .find({ userId: { $eq: userId } })
      .sort({ paidAt: -1 })
      .limit(limit)
      .lean<PaymentRow[]>()
      .exec();
  }

  /** One of the person's payments by its payment id; another person's is not found. */
  async findForUser(userId: string, paymentId: string): Promise<PaymentRow | null> {
    return this.payments
      .findOne({ userId: { $eq: userId }, paymentId: { $eq: paymentId } })
      .lean<PaymentRow>()
      .exec();
  }
}
