import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { FISH_KINDS, FISH_RTP, SPECIAL_MAX_VALUE, fishKind } from './kinds.ts';
import { hitValue, killDraw } from './kill.ts';
import { BOSS_EVERY, BOSS_SLOT, OCEAN_WARMUP_MS, fishAt, fishSwimming, oceanTime, onScreen, slotFish } from './ocean.ts';
import { fishRtpTable, sampledSpecialValues, simulateFishing } from './rtp.ts';

const SEED = 'a'.repeat(64);

describe('fishing ocean', () => {
  it('is a pure function of the seed: the same fish for every seat, another seed another ocean', () => {
    expect(slotFish(SEED, 12)).toEqual(slotFish(SEED, 12));
    expect(slotFish(SEED, 12)).not.toEqual(slotFish('b'.repeat(64), 12));
    expect(fishSwimming(SEED, 30_000, new Set()).map((f) => f.id)).toEqual(fishSwimming(SEED, 30_000, new Set()).map((f) => f.id));
  });

  it('brings a boss with a 200×–500× multiplier on its beat, and specials', () => {
    const boss = slotFish(SEED, BOSS_SLOT).find((f) => f.kind === 'boss')!;
    expect([200, 300, 400, 500]).toContain(boss.multiplier);
    expect(slotFish(SEED, BOSS_SLOT + 1).some((f) => f.kind === 'boss')).toBe(false);
    expect(slotFish(SEED, BOSS_SLOT + BOSS_EVERY).some((f) => f.kind === 'boss')).toBe(true);
    const kinds = new Set(
      Array.from({ length: 200 }, (_, s) => slotFish(SEED, s))
        .flat()
        .map((f) => f.kind),
    );
    for (const k of ['bomb', 'chain', 'freeze', 'f2', 'f10']) expect(kinds).toContain(k);
  });

  it('paths cross the ocean: off screen at both ends, on screen in the middle', () => {
    const f = slotFish(SEED, 5)[0]!;
    expect(onScreen(fishAt(f, f.enterAt))).toBe(false);
    expect(onScreen(fishAt(f, f.enterAt + f.swimMs))).toBe(false);
    expect(fishAt(f, f.enterAt - 1)).toBeNull();
    expect(fishAt(f, f.enterAt + f.swimMs + 1)).toBeNull();
  });

  it('stops the clock while frozen, overlapping freezes counted once', () => {
    const w = OCEAN_WARMUP_MS;
    expect(oceanTime(10_000, [])).toBe(w + 10_000);
    expect(oceanTime(10_000, [{ at: 2_000, ms: 5_000 }])).toBe(w + 5_000);
    expect(oceanTime(4_000, [{ at: 2_000, ms: 5_000 }])).toBe(w + 2_000);
    const overlapping = [
      { at: 2_000, ms: 5_000 },
      { at: 4_000, ms: 5_000 },
    ];
    expect(oceanTime(10_000, overlapping)).toBe(w + 3_000);
  });
});

describe('fishing kill chance', () => {
  it('kills with probability exactly RTP ÷ V: the draw is uniform on DEN·V values, NUM of them kill', () => {
    // Exact: int(n) is an unbiased draw (rng.ts); NUM of DEN·V values are below NUM.
    for (const l of fishRtpTable()) expect(l.rtp).toBeCloseTo(FISH_RTP, 12);
    // And the same draw for the same member and key (a retried shot is judged the same), another for another key.
    expect(killDraw(SEED, 'm1', 'shot-00000001', 2)).toEqual(killDraw(SEED, 'm1', 'shot-00000001', 2));
    const draws = new Set(Array.from({ length: 20 }, (_, i) => killDraw(SEED, 'm1', `shot-${i}`, 500).draw));
    expect(draws.size).toBeGreaterThan(15);
  });

  it('a bomb takes the fish around it and is worth their sum (never above the cap); an ordinary fish only itself', () => {
    let seen = 0;
    for (let t = 0; t < 400_000 && seen < 20; t += 700) {
      const swimming = fishSwimming(SEED, t, new Set());
      for (const f of swimming.filter((x) => x.kind === 'bomb' && onScreen(fishAt(x, t)))) {
        const v = hitValue(f, t, swimming);
        expect(v.value).toBe(v.fish.reduce((a, x) => a + x.multiplier, 0));
        expect(v.value).toBeLessThanOrEqual(SPECIAL_MAX_VALUE);
        expect(v.fish[0]).toBe(f);
        for (const x of v.fish.slice(1)) expect(fishKind(x.kind)!.special ?? fishKind(x.kind)!.boss ?? false).toBe(false);
        seen++;
      }
    }
    expect(seen).toBeGreaterThan(5);
    const plain = slotFish(SEED, 1)[0]!;
    expect(hitValue(plain, plain.enterAt + 3000, [plain])).toEqual({ value: plain.multiplier, fish: [plain], freeze: false });
    const freeze = FISH_KINDS.find((k) => k.special === 'freeze')!;
    expect(freeze.multiplier).toBeGreaterThan(1);
  });

  it('a simulation returns the declared RTP inside its interval (and a wrong RTP would be caught)', () => {
    const specials = sampledSpecialValues(SEED, 400);
    const lines = simulateFishing(seededRng('fishing-test'), 400_000, specials);
    expect(lines.at(-1)!.key).toBe('all');
    expect(lines.every((l) => l.ok)).toBe(true);
    // A game paying 90% is outside the overall interval of this many shots.
    const all = lines.at(-1)!;
    expect(all.low).toBeGreaterThan(0.9);
  });
});
