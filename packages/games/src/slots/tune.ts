import type { Rng } from '../rng/rng.ts';
import { unreachablePays } from './reach.ts';
import { exactRtp } from './rtp.ts';
import { ROW_COUNT, type SlotDef } from './types.ts';

/**
 * Design-time helpers for new titles (not used at run time): lay out a reel strip from symbol counts, and nudge
 * strips toward a target RTP by replacing one regular symbol at a time (kept only when the exact RTP gets
 * closer). The tuned strips are then pasted into the title's file as data.
 */

/** A strip from per-symbol counts: symbols spread evenly (seeded jitter), scatters at least three stops apart. */
export function arrangeStrip(counts: Readonly<Record<string, number>>, rng: Rng, scatterId: string): string[] {
  const items: { id: string; at: number }[] = [];
  for (const [id, n] of Object.entries(counts)) {
    for (let k = 0; k < n; k++) items.push({ id, at: (k + 0.2 + 0.6 * rng.float()) / n });
  }
  items.sort((a, b) => a.at - b.at);
  const result = items.map((item) => item.id);
  for (let pass = 0; pass < 100 && !scattersSpaced(result, scatterId); pass++) {
    const i = result.findIndex((id, k) => id === scatterId && tooClose(result, k, scatterId));
    const j = rng.int(result.length);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  if (!scattersSpaced(result, scatterId)) throw new Error('arrangeStrip: cannot space the scatters');
  return result;
}

function tooClose(strip: readonly string[], k: number, scatterId: string): boolean {
  for (let d = 1; d < ROW_COUNT; d++) if (strip[(k + d) % strip.length] === scatterId) return true;
  return false;
}

function scattersSpaced(strip: readonly string[], scatterId: string): boolean {
  return strip.every((id, k) => id !== scatterId || !tooClose(strip, k, scatterId));
}

/**
 * Replaces regular symbols one at a time until the exact total RTP is within `tolerance` of `target`. A step that
 * would leave a listed pay unreachable (the last of a symbol on a reel it must appear on) is never taken.
 */
export function tuneReels(def: SlotDef, target: number, rng: Rng, tolerance = 0.0002, maxSteps = 400): SlotDef {
  const regulars = def.symbols.filter((s) => s.kind === 'regular').map((s) => s.id);
  let best = def;
  let error = exactRtp(def).totalRtp - target;
  for (let step = 0; step < maxSteps && Math.abs(error) > tolerance; step++) {
    const reel = rng.int(best.reels.length);
    const strip = [...best.reels[reel]!];
    const position = rng.int(strip.length);
    if (!regulars.includes(strip[position]!)) continue;
    strip[position] = regulars[rng.int(regulars.length)]!;
    const candidate: SlotDef = { ...best, reels: best.reels.map((s, r) => (r === reel ? strip : s)) };
    const candidateError = exactRtp(candidate).totalRtp - target;
    if (Math.abs(candidateError) < Math.abs(error) && unreachablePays(candidate).length === 0) [best, error] = [candidate, candidateError];
  }
  return best;
}
