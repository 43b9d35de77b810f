import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import {
  PLAN_CODES,
  type PaypalCreateOrderRequest,
  type PaypalPaymentSuccessRequest,
} from 'contracts';

/** PayPal's order ids are 17 upper-case alphanumerics; a little slack, none for non-ids. */
const ORDER_ID = /^[A-Z0-9-]{5,36}$/;

export class PaypalCreateOrderDto implements PaypalCreateOrderRequest {
  @IsIn(PLAN_CODES)
  plan: string;

  /** The affiliate referral; one that is not a plain code is dropped, never refused. */
  @IsOptional()
  @IsString()
  @MaxLength(200)
  aff?: string;
}

export class PaypalPaymentSuccessDto implements PaypalPaymentSuccessRequest {
  /** Ignored (any string, so a page without the address still gets its answer): the signed-in
   * person's stored order is what is captured. */
  @IsOptional()
  @IsString()
  @MaxLength(254)
  emailId?: string;

  /** Which of the person's orders is meant when the page has no orderID (spec: emailId, plan). */
  @IsIn(PLAN_CODES)
  plan: string;

  @IsOptional()
  @IsString()
  @Matches(ORDER_ID)
  orderID?: string;
}
