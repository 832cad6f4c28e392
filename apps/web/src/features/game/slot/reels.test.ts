/** The reel window's geometry: what a stopped reel draws is the engine's grid; win cells; landing. */
import { describe, expect, test } from 'vitest';
import { TITLES, fairSpin, type SlotDef } from '@portal/games';
import { gridAt, landingPosition, reelCells, stripsOf, visibleRows, winCells } from './reels.ts';
import { verifyStoredRound, compareOutcome } from './verify.ts';

const seeds = (nonce: number) => ({ serverSeed: 'f'.repeat(64), clientSeed: 'layout', nonce });

describe('reel layout', () => {
  test('the cells drawn at the outcome stops are the outcome grid, base and free stages, every title', () => {
    let freeStages = 0;
    for (const def of TITLES) {
      for (let n = 0; n < 400; n++) {
        const o = fairSpin(seeds(n), def.code, def.betLevelsFen[0]!);
        expect(gridAt(stripsOf(def, 'base'), o.base.stops)).toEqual(o.base.grid);
        for (const st of o.freeSpins) {
          expect(gridAt(stripsOf(def, 'free'), st.stops)).toEqual(st.grid);
          freeStages++;
        }
      }
    }
    expect(freeStages).toBeGreaterThan(0);
  });

  test('a stopped reel draws exactly three whole rows from the stop (wrapping); a moving one a partial cell above and below', () => {
    const strip = ['A', 'B', 'C', 'D'];
    expect(visibleRows(strip, 3)).toEqual(['D', 'A', 'B']);
    expect(reelCells(strip, 3).map((c) => c.y)).toEqual([-1, 0, 1, 2, 3]);
    const moving = reelCells(strip, 1.25);
    expect(moving.map((c) => c.symbol)).toEqual(['A', 'B', 'C', 'D', 'A']);
    expect(moving[1]!.y).toBeCloseTo(-0.25);
  });

  test('a landing keeps running down and ends on a position showing the stop', () => {
    for (const [from, stop] of [
      [10.4, 3],
      [2.2, 7],
      [0, 0],
    ] as const) {
      const target = landingPosition(from, stop, 30, 3);
      expect(from - target).toBeGreaterThanOrEqual(3);
      expect((((target % 30) + 30) % 30).toFixed(6)).toBe(stop.toFixed(6));
    }
  });

  test('win cells: a line covers its rows on the first `count` reels; a scatter every scatter cell', () => {
    const def = TITLES.find((t) => t.mode.kind === 'lines') as SlotDef & { mode: { kind: 'lines' } };
    for (let n = 0; n < 300; n++) {
      const o = fairSpin(seeds(n), def.code, def.betLevelsFen[0]!);
      for (const w of o.base.wins) {
        const cells = winCells(def, o.base.grid, w);
        if (w.kind === 'line') expect(cells).toEqual(def.mode.lines[w.line!]!.slice(0, w.count).map((row, reel) => [reel, row]));
        if (w.kind === 'scatter') {
          expect(cells).toHaveLength(w.count);
          for (const [reel, row] of cells) expect(o.base.grid[reel]![row]).toBe(w.symbol);
        }
      }
    }
  });
});

describe('verifier', () => {
  const round = (nonce: number) => {
    const outcome = fairSpin(seeds(nonce), 'H5001', 20);
    return { outcome, serverSeedHash: '' };
  };
  test('the same outcome passes; a changed stop, grid or win fails', () => {
    const { outcome } = round(5);
    expect(compareOutcome(outcome, structuredClone(outcome), true).pass).toBe(true);
    expect(compareOutcome(outcome, structuredClone(outcome), false).pass).toBe(false);
    const stops = structuredClone(outcome);
    stops.base.stops[4] = stops.base.stops[4]! + 1;
    expect(compareOutcome(stops, outcome, true).checks.stops).toBe(false);
    const win = structuredClone(outcome);
    win.totalWinFen += 1;
    expect(compareOutcome(win, outcome, true)).toMatchObject({ pass: false, checks: { win: false } });
  });
  test('a round of another seed fails the commitment', () => {
    const outcome = fairSpin(seeds(1), 'H5001', 20);
    const v = verifyStoredRound({
      roundId: 'R1',
      gameCode: 'H5001',
      channelCode: 'CRDZ',
      bet: '0.20',
      win: '0.00',
      jackpotWin: '0.00',
      status: 'settled',
      createdAt: 0,
      shown: true,
      outcome,
      fairness: { serverSeed: 'f'.repeat(64), serverSeedHash: '0'.repeat(64), clientSeed: 'layout', nonce: 1 },
    });
    expect(v).toMatchObject({ state: 'done', pass: false, checks: { commitment: false, grid: true } });
  });
});
