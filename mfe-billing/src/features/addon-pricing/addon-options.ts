import type { AddonPlanOption } from 'contracts';

export type AddonKind = AddonPlanOption['kind'];

/** Both radio groups start on 100 credits (spec §4 'Payment'); else on their first option. */
export const DEFAULT_CREDITS = 100;

export const optionsOf = (options: AddonPlanOption[], kind: AddonKind): AddonPlanOption[] =>
  options.filter((option) => option.kind === kind);

export function defaultOption(options: AddonPlanOption[]): AddonPlanOption | undefined {
  return options.find((option) => option.credits === DEFAULT_CREDITS) ?? options[0];
}
