/**
 * A settled draw checked in the browser (公平性验证): its revealed seed must hash to the hash shown before the draw,
 * and re-drawing the round from it (drawTableRound of @portal/games, the very code the server drew with; client
 * seed '<gameCode>:<seq>') must give the numbers the draw announced.
 */
import { drawTableRound, seedCommitment, tableRoundSeeds } from '@portal/games';
import type { LotteryKind } from './api.ts';
import { numbersOf } from './trend.ts';

export interface DrawCheck {
  commitment: boolean;
  numbers: boolean;
  /** The numbers the seed gives. */
  computed: number[] | null;
}

export function verifyDraw(
  kind: LotteryKind,
  gameCode: string,
  draw: { seq: number; seedHash: string; serverSeed: string | null; outcome: unknown },
): DrawCheck {
  if (!draw.serverSeed) return { commitment: false, numbers: false, computed: null };
  const commitment = seedCommitment(draw.serverSeed) === draw.seedHash;
  let computed: number[] | null = null;
  try {
    computed = numbersOf(kind, drawTableRound(kind, tableRoundSeeds(draw.serverSeed!, gameCode, draw.seq), null).outcome);
  } catch {
    computed = null;
  }
  const shown = numbersOf(kind, draw.outcome);
  return { commitment, numbers: computed !== null && shown !== null && computed.join(',') === shown.join(','), computed };
}
