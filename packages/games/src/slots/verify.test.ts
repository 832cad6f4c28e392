import { describe, expect, it } from 'vitest';
import { newSeedPair, nextRound, rotateSeedPair } from '../rng/fair.ts';
import { TITLES } from './titles/index.ts';
import { fairSpin, verifyRound } from './verify.ts';

describe('verifyRound', () => {
  it('re-computes the original outcome from the revealed seed, and checks the commitment', () => {
    for (const def of TITLES) {
      let pair = newSeedPair('member-seed');
      const committed = pair.serverSeedHash;
      const played = [];
      for (let i = 0; i < 25; i++) {
        const round = nextRound(pair);
        pair = round.pair;
        played.push({ seeds: round.seeds, outcome: fairSpin(round.seeds, def.code, def.betLevelsFen[1]!) });
      }
      const { revealed } = rotateSeedPair(pair);
      for (const { seeds, outcome } of played) {
        const check = verifyRound({
          ...seeds,
          serverSeed: revealed.serverSeed,
          gameCode: def.code,
          betFen: def.betLevelsFen[1]!,
          serverSeedHash: committed,
        });
        expect(check.outcome).toEqual(outcome);
        expect(check.commitmentMatches).toBe(true);
      }
      const forged = verifyRound({
        ...played[0]!.seeds,
        serverSeed: 'another-seed',
        gameCode: def.code,
        betFen: def.betLevelsFen[1]!,
        serverSeedHash: committed,
      });
      expect(forged.commitmentMatches).toBe(false);
    }
  });

  it('answers null for the commitment when no hash is given, and refuses an unknown game', () => {
    expect(verifyRound({ serverSeed: 's', clientSeed: 'c', nonce: 0, gameCode: 'H5001', betFen: 20 }).commitmentMatches).toBeNull();
    expect(() => verifyRound({ serverSeed: 's', clientSeed: 'c', nonce: 0, gameCode: 'NOPE', betFen: 20 })).toThrow(RangeError);
  });
});
