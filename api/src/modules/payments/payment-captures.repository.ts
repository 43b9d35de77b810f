import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { isDuplicateKey } from '../../common/db/duplicate-key.js';
import { PaymentCapture } from './schemas/payment-capture.schema.js';

export type Capture = {
  provider: string;
  paymentId: string;
  orderId: string;
  userId: string;
  at: Date;
};

const eq = <T>(value: T) => ({ $eq: value });

@Injectable()
export class PaymentCapturesRepository {
  constructor(@InjectModel(PaymentCapture.name) private readonly captures: Model<PaymentCapture>) {}

  find(provider: string, paymentId: string): Promise<Capture | null> {
    return this.captures
      .findOne({ provider: eq(provider), paymentId: eq(paymentId) })
      .lean<Capture>()
      .exec();
  }

  /** The payment's capture as first recorded; `first`: this call recorded it. */
  async claim(capture: Capture): Promise<{ capture: Capture; first: boolean }> {
    try {
      await this.captures.create(capture);
      return { capture, first: true };
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    const stored = await this.find(capture.provider, capture.paymentId);
    if (!stored) throw new Error('payment capture vanished after a duplicate-key error');
    return { capture: stored, first: false };
  }
}
