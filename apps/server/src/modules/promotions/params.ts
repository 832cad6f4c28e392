/**
 * Parameters of each promotion type: the schemas live in the contract (the console's create form is checked
 * with them); the engine reads a promotion's params_json through `parseParams`.
 */
import type { PROMOTION_TYPES } from '@portal/contract';
import { PROMOTION_PARAMS as PARAMS, promotionInput, type PromotionInput } from '@portal/contract/console';
import type { z } from 'zod';

export { PARAMS, promotionInput, type PromotionInput };

export type PromotionType = (typeof PROMOTION_TYPES)[number];
export type ParamsOf<T extends PromotionType> = z.output<(typeof PARAMS)[T]>;

export function parseParams<T extends PromotionType>(type: T, raw: unknown): ParamsOf<T> {
  return PARAMS[type].parse(raw) as ParamsOf<T>;
}
