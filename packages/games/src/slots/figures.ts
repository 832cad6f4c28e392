import { floorBp, type BetFigures, type GameFigures } from '../figures.ts';
import { exactRtp } from './rtp.ts';
import type { SlotDef } from './types.ts';

/**
 * A slot title's long-run figures from its exact math (rtp.ts): RTP rounded down, hit frequency, volatility class
 * and the largest single-spin win (a free spin's, multiplier applied, when larger). The scan takes ~1 s for the
 * four titles, so the server and the web read SLOT_FIGURES, kept equal to this by figures.test.ts and games:rtp.
 * `rtp` of the display shape is the rounded-down figure (the exact one: exactRtp).
 */
export function computeSlotFigures(def: SlotDef): SlotFigures {
  const e = exactRtp(def);
  const maxPayX = Math.max(e.maxBaseWinX, e.maxFreeSpinWinX);
  return { rtpBp: floorBp(e.totalRtp), hitBp: floorBp(e.hitFrequency), sd: Math.round(e.volatility * 1000) / 1000, maxPayX };
}

export interface SlotFigures {
  rtpBp: number;
  hitBp: number;
  /** Standard deviation of one spin's return per unit bet, to 0.001. */
  sd: number;
  maxPayX: number;
}

/** Exact figures of the house titles (regenerate: `npm run games:rtp` prints any drift and fails). */
export const SLOT_FIGURES: Readonly<Record<string, SlotFigures>> = {
  H5001: { rtpBp: 9601, hitBp: 4618, sd: 3.268, maxPayX: 224.5 },
  H5002: { rtpBp: 9549, hitBp: 5427, sd: 2.531, maxPayX: 99.2 },
  H5003: { rtpBp: 9648, hitBp: 5777, sd: 4.75, maxPayX: 1914.75 },
  H5004: { rtpBp: 9399, hitBp: 6213, sd: 5.87, maxPayX: 1004 },
};

/** A title's figures in the shape the tables use (one bet: the spin). */
export function slotGameFigures(def: SlotDef): GameFigures {
  const f = SLOT_FIGURES[def.code] ?? computeSlotFigures(def);
  const main: BetFigures = { key: 'spin', name: '旋转', rtp: f.rtpBp / 10_000, ...f, volatility: def.volatility };
  return { code: def.code, rtpMinBp: f.rtpBp, rtpMaxBp: f.rtpBp, main, bets: [main] };
}
