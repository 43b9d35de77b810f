import type { CreateOrderRequest, PaidPlanType, VerifyPaymentRequest } from 'contracts';
import { IsIn, IsNumber, IsOptional, IsString, Matches, MaxLength, Min } from 'class-validator';

const PAID_PLANS: readonly PaidPlanType[] = ['Pro Weekly', 'Pro Monthly', 'Pro Yearly', 'Lifetime'];

export class CreateOrderDto implements CreateOrderRequest {
  @IsIn(PAID_PLANS)
  planType: PaidPlanType;

  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  amount: number;

  /** The affiliate referral; one that is not a plain code is dropped, never refused. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  aff?: string;
}

// Razorpay's ids are a prefix, '_' and 14 alphanumerics; a little slack for other formats, none
// for anything that is not an id.
const ID = /^[A-Za-z0-9_]{1,64}$/;

export class VerifyPaymentDto implements VerifyPaymentRequest {
  @IsString()
  @Matches(ID)
  razorpay_order_id: string;

  @IsString()
  @Matches(ID)
  razorpay_payment_id: string;

  /** Checked in constant time against the expected one; any string is accepted here. */
  @IsString()
  @MaxLength(256)
  razorpay_signature: string;

  /** Ignored: the plan stored with the order is granted. */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  planType?: string;
}
