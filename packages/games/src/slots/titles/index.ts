import type { SlotDef } from '../types.ts';
import { DEEP_SEA_PEARL } from './deepSeaPearl.ts';
import { JADE_DRAGON } from './jadeDragon.ts';
import { LANTERN_FESTIVAL } from './lanternFestival.ts';
import { TEA_GARDEN } from './teaGarden.ts';

export { DEEP_SEA_PEARL, JADE_DRAGON, LANTERN_FESTIVAL, TEA_GARDEN };

/** Every house slot title, by code. */
export const TITLES: readonly SlotDef[] = [JADE_DRAGON, TEA_GARDEN, LANTERN_FESTIVAL, DEEP_SEA_PEARL];

export function titleByCode(code: string): SlotDef | undefined {
  return TITLES.find((t) => t.code === code);
}
