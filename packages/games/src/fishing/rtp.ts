/**
 * The RTP of fishing, proved and simulated.
 *
 * Proof (every kind, every weapon): a shot of stake s at a target worth V stakes (kill.ts: the fish's multiplier,
 * or a special's own value plus what it takes with it, fixed by the ocean at the shot's time before the draw) pays
 * s·V when draw < NUM, where draw = int(DEN·V) is uniform on {0, …, DEN·V − 1} (unbiased rejection sampling). So
 *   P(kill) = NUM / (DEN·V)   and   E[return] = s·V · NUM/(DEN·V) = s · NUM/DEN = 96.50% of s,
 * for every V ≥ 1 — a 2× fish, a 500× boss, a bomb that takes 290 stakes of fish, a frozen-time jellyfish alike.
 * A miss is never staked (a shot must name a live fish on screen, else it is refused at no cost), so every staked
 * shot has this expectation and a session of n shots returns RTP·Σs in expectation: no aim, no timing, no choice of
 * target and no other seat's play changes it; nothing about the house's or the player's position enters the draw.
 */
import type { Rng } from '../rng/rng.ts';
import { zFor } from '../rtp/simulate.ts';
import { BOSS_MULTIPLIERS, FISH_KINDS, FISH_RTP, FISH_RTP_DEN, FISH_RTP_NUM } from './kinds.ts';
import { hitValue } from './kill.ts';
import { fishSwimming, type Fish } from './ocean.ts';

export interface FishRtpLine {
  /** kind id, or `boss×M`. */
  key: string;
  name: string;
  /** V, or the range of V a special can take. */
  value: string;
  /** P(kill) as an exact fraction NUM / (DEN·V) (specials: at their smallest and largest V). */
  killChance: string;
  /** Exact expected return per unit staked. */
  rtp: number;
}

/** The analytic table: one line per kind and boss multiplier, each exactly FISH_RTP. */
export function fishRtpTable(): FishRtpLine[] {
  const lines: FishRtpLine[] = [];
  const frac = (v: number) => `${FISH_RTP_NUM}/${FISH_RTP_DEN * v}`;
  for (const k of FISH_KINDS) {
    if (k.boss) {
      for (const m of BOSS_MULTIPLIERS)
        lines.push({
          key: `boss×${m}`,
          name: k.names['zh-CN'],
          value: `${m}`,
          killChance: frac(m),
          rtp: (m * FISH_RTP_NUM) / (FISH_RTP_DEN * m),
        });
    } else if (k.special === 'bomb' || k.special === 'chain') {
      lines.push({
        key: k.id,
        name: k.names['zh-CN'],
        value: `${k.multiplier}–300`,
        killChance: `${frac(300)} … ${frac(k.multiplier)}`,
        rtp: FISH_RTP,
      });
    } else {
      const v = k.multiplier;
      lines.push({ key: k.id, name: k.names['zh-CN'], value: `${v}`, killChance: frac(v), rtp: (v * FISH_RTP_NUM) / (FISH_RTP_DEN * v) });
    }
  }
  return lines;
}

/** Values specials really took in an ocean (their V at moments their fish were on screen), for the simulation. */
export function sampledSpecialValues(seed: string, samples: number): { bomb: number[]; chain: number[] } {
  const out = { bomb: [] as number[], chain: [] as number[] };
  const cache = new Map<number, Fish[]>();
  for (let t = 0; out.bomb.length + out.chain.length < samples && t < 10_000_000; t += 500) {
    const swimming = fishSwimming(seed, t, new Set(), cache);
    for (const f of swimming) if (f.kind === 'bomb' || f.kind === 'chain') out[f.kind].push(hitValue(f, t, swimming).value);
    for (const s of [...cache.keys()]) if (s * 1000 < t - 40_000) cache.delete(s);
  }
  return out;
}

export interface FishSimLine {
  key: string;
  shots: number;
  rtp: number;
  low: number;
  high: number;
  ok: boolean;
}

/**
 * `shots` simulated shots, spread evenly over every target (each kind, each boss multiplier, bombs and eels at values
 * sampled from a real ocean), each drawn exactly as the server draws (int(DEN·V) < NUM) from `rng`. Per target and
 * overall: the observed return per unit staked and its interval at `confidence` family-wise (Bonferroni over the lines).
 */
export function simulateFishing(rng: Rng, shots: number, specials: { bomb: number[]; chain: number[] }, confidence = 0.99): FishSimLine[] {
  const targets: { key: string; values: number[] }[] = [];
  for (const k of FISH_KINDS) {
    if (k.boss) for (const m of BOSS_MULTIPLIERS) targets.push({ key: `boss×${m}`, values: [m] });
    else if (k.special === 'bomb' || k.special === 'chain') targets.push({ key: k.id, values: specials[k.special] });
    else targets.push({ key: k.id, values: [k.multiplier] });
  }
  const z = zFor(1 - (1 - confidence) / (targets.length + 1));
  const per = Math.floor(shots / targets.length);
  const lines: FishSimLine[] = [];
  let sumAll = 0;
  let varAll = 0;
  for (const t of targets) {
    let sum = 0;
    let variance = 0;
    for (let i = 0; i < per; i++) {
      const v = t.values[i % t.values.length]!;
      if (rng.int(FISH_RTP_DEN * v) < FISH_RTP_NUM) sum += v;
      variance += v * FISH_RTP - FISH_RTP * FISH_RTP; // Var of one shot's return: V·RTP − RTP² (exact, per shot)
    }
    const mean = sum / per;
    const half = (z * Math.sqrt(variance)) / per;
    lines.push({
      key: t.key,
      shots: per,
      rtp: mean,
      low: mean - half,
      high: mean + half,
      ok: FISH_RTP >= mean - half && FISH_RTP <= mean + half,
    });
    sumAll += sum;
    varAll += variance;
  }
  const n = per * targets.length;
  const mean = sumAll / n;
  const half = (z * Math.sqrt(varAll)) / n;
  lines.push({
    key: 'all',
    shots: n,
    rtp: mean,
    low: mean - half,
    high: mean + half,
    ok: FISH_RTP >= mean - half && FISH_RTP <= mean + half,
  });
  return lines;
}
