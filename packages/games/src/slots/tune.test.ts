import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { exactRtp } from './rtp.ts';
import { TINY_LINES } from './test/tinyTitles.ts';
import { arrangeStrip, tuneReels } from './tune.ts';

describe('design helpers', () => {
  it('arrangeStrip keeps the counts and spaces the scatters at least three stops apart', () => {
    const rng = seededRng('arrange');
    for (let i = 0; i < 50; i++) {
      const counts = { S: 1 + rng.int(3), A: 1 + rng.int(6), B: 1 + rng.int(6), C: 3 + rng.int(6) };
      const strip = arrangeStrip(counts, rng, 'S');
      for (const [id, n] of Object.entries(counts)) expect(strip.filter((s) => s === id)).toHaveLength(n);
      strip.forEach((id, k) => {
        if (id === 'S') expect([strip[(k + 1) % strip.length], strip[(k + 2) % strip.length]]).not.toContain('S');
      });
    }
  });

  it('tuneReels moves the exact RTP toward the target by replacing regular symbols', () => {
    const before = exactRtp(TINY_LINES).totalRtp;
    const target = before * 0.8;
    const tuned = tuneReels(TINY_LINES, target, seededRng('tune'), 0.002, 150);
    const after = exactRtp(tuned).totalRtp;
    expect(Math.abs(after - target)).toBeLessThan(Math.abs(before - target));
    expect(tuned.reels.map((r) => r.length)).toEqual(TINY_LINES.reels.map((r) => r.length));
  });
});
