import { unreachablePays } from '../slots/reach.ts';
import type { ExactRtp } from '../slots/rtp.ts';
import type { SlotDef } from '../slots/types.ts';
import { volatilityClassOf } from '../slots/volatility.ts';
import type { SimulationResult } from './simulate.ts';

/** The declared RTP must equal the exact one within this (a fraction: 0.0005 = 0.05 percentage points). */
export const DECLARED_TOLERANCE = 0.0005;

export const PROBLEM_OVER_100 = 'returns 100% or more';
export const PROBLEM_NOT_EXACT = 'declared RTP differs from the exact RTP by more than 0.05 pp';
export const PROBLEM_OUTSIDE_INTERVAL = 'declared RTP outside the simulated 99% interval';

/** A listed pay that no spin can produce (H5004's 夜明珠 was missing from reel 1). */
export const unreachablePay = (symbol: string, name: string, count: number, pay: number) =>
  `listed pay ${symbol} ${name} ×${count} (${pay}) can never win: probability 0`;

/** What the RTP harness holds against a title: an empty list means it passes. */
export function titleProblems(def: SlotDef, exact: ExactRtp, sim: SimulationResult): string[] {
  const declared = def.declaredRtpPct / 100;
  const problems: string[] = [];
  if (exact.totalRtp >= 1 || sim.low >= 1) problems.push(PROBLEM_OVER_100);
  if (Math.abs(exact.totalRtp - declared) > DECLARED_TOLERANCE) problems.push(PROBLEM_NOT_EXACT);
  if (declared < sim.low || declared > sim.high) problems.push(PROBLEM_OUTSIDE_INTERVAL);
  const measured = volatilityClassOf(exact.volatility);
  if (measured !== def.volatility) problems.push(`volatility class is ${measured}, declared ${def.volatility}`);
  for (const p of unreachablePays(def)) problems.push(unreachablePay(p.symbol, p.name, p.count, p.pay));
  return problems;
}
