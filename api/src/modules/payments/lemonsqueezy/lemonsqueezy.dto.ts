import { IsIn, IsOptional, Matches } from 'class-validator';
import { ADDON_OPTION_NAMES, PLAN_CODES } from 'contracts';

export class CheckoutLinkQueryDto {
  @IsIn([...PLAN_CODES, ...ADDON_OPTION_NAMES])
  plan: string;

  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/)
  discountCode?: string;

  @IsOptional()
  @IsIn(['extension', 'web'])
  source?: string;
}

export class PortalLinkQueryDto {
  @IsOptional()
  @IsIn(['true', 'false'])
  forSheetsExtension?: string;
}

/** POST /api/held-purchases/:orderId/claim: Lemon Squeezy's order ids are numbers. */
export class HeldPurchaseParam {
  @Matches(/^\d{1,20}$/, { message: 'orderId must be the order number' })
  orderId: string;
}
