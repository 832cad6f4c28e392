/** What fishing answers about shots and seats (wire shapes of packages/contract api/fishing.ts). */
import type { FishShotAnswerWire } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { FishingShotTable } from '../../db/schema.ts';

export function shotAnswer(r: FishingShotTable, balance: number): FishShotAnswerWire {
  return {
    shotKey: r.shot_key,
    fishId: r.fish_id,
    stake: yuan(r.stake),
    value: Number(r.value),
    killed: Number(r.killed) === 1,
    win: yuan(r.win),
    fish: JSON.parse(r.killed_fish) as string[],
    freeze: Number(r.freeze) === 1,
    balance: yuan(balance),
    draw: Number(r.draw),
    seedId: r.seed_id,
  };
}

/** A seated player's name as other seats see it: its first character and `**`. */
export const maskName = (name: string) => `${[...name][0] ?? ''}**`;
