/**
 * 百人牛牛's exact odds by enumeration. A spot bet depends only on the spot's hand and the banker's: two disjoint
 * five-card hands of one deck (the other three spots change nothing in the pair's joint law). The enumeration runs
 * over pairs of rank multisets (6,188 each: 38 million pairs), each weighted by the number of ways to give both
 * hands their suits, Π over ranks C(4, a) × C(4 − a, b). A hand's rank depends on its ranks alone; a tie of rank
 * and deciding rank is broken by the suit of the highest card: among the a + b cards of that rank the best suit is
 * each one's alike, so the spot wins a / (a + b) of those deals. Weights are scaled by 12 (every such fraction's
 * denominator divides it): all counts stay whole numbers.
 */
import { NIUNIU_DEPOSIT, NIUNIU_MULTIPLES, niuRankOfRanks, niuTopOfRanks, niuniuReturn } from './niuniu.ts';

/** Pair counts (× 12) by the spot's result and the winner's multiple: win[m], lose[m] (m 1–5). */
export interface NiuniuPairCounts {
  win: number[];
  lose: number[];
  total: number;
}

const C = [
  [1, 0, 0, 0, 0],
  [1, 1, 0, 0, 0],
  [1, 2, 1, 0, 0],
  [1, 3, 3, 1, 0],
  [1, 4, 6, 4, 1],
];

interface Multiset {
  counts: Uint8Array;
  rank: number;
  top: number;
  multiple: number;
}

function multisets(): Multiset[] {
  const out: Multiset[] = [];
  const counts = new Uint8Array(13);
  const walk = (r: number, left: number) => {
    if (r === 13) {
      if (left > 0) return;
      const ranks: number[] = [];
      counts.forEach((n, k) => {
        for (let i = 0; i < n; i++) ranks.push(k);
      });
      const rank = niuRankOfRanks(ranks);
      out.push({ counts: counts.slice(), rank, top: niuTopOfRanks(ranks, rank), multiple: NIUNIU_MULTIPLES[rank]! });
      return;
    }
    for (let n = 0; n <= Math.min(4, left); n++) {
      counts[r] = n;
      walk(r + 1, left - n);
    }
    counts[r] = 0;
  };
  walk(0, 5);
  return out;
}

/** The exact pair counts (a few seconds: run by the RTP harness and its test, the result kept in niuniuOdds.ts). */
export function niuniuPairCounts(): NiuniuPairCounts {
  const sets = multisets();
  const win = new Array<number>(6).fill(0);
  const lose = new Array<number>(6).fill(0);
  let total = 0;
  for (const s of sets) {
    const a = s.counts;
    for (const b of sets) {
      const bc = b.counts;
      let w = 12;
      for (let r = 0; r < 13 && w > 0; r++) {
        const x = a[r]!;
        const y = bc[r]!;
        if (x + y > 4) w = 0;
        else if (x || y) w *= C[4]![x]! * C[4 - x]![y]!;
      }
      if (w === 0) continue;
      total += w;
      if (s.rank !== b.rank || s.top !== b.top) {
        if (s.rank > b.rank || (s.rank === b.rank && s.top > b.top)) win[s.multiple]! += w;
        else lose[b.multiple]! += w;
        continue;
      }
      const x = a[s.top]!;
      const y = bc[s.top]!;
      const part = (w / (x + y)) * x;
      win[s.multiple]! += part;
      lose[b.multiple]! += w - part;
    }
  }
  return { win, lose, total };
}

/** A spot bet's exact return per unit of deposit, and per unit of 底注 (the deposit is 5 底注). */
export function niuniuRtpOf(p: NiuniuPairCounts): { perDeposit: number; perBase: number; winShare: number } {
  let sum = 0;
  let won = 0;
  for (let m = 1; m <= 5; m++) {
    sum += p.win[m]! * niuniuReturn(true, m) + p.lose[m]! * niuniuReturn(false, m);
    won += p.win[m]!;
  }
  const perDeposit = sum / p.total;
  return { perDeposit, perBase: 1 - (1 - perDeposit) * NIUNIU_DEPOSIT, winShare: won / p.total };
}
