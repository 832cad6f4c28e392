import { fairRng, seedCommitment, type FairRoundSeeds } from '../rng/fair.ts';
import { spin, type SpinOutcome } from './spin.ts';
import { titleByCode } from './titles/index.ts';

/** A provably fair spin: the outcome is a pure function of (seeds, title, bet). */
export function fairSpin(seeds: FairRoundSeeds, gameCode: string, betFen: number): SpinOutcome {
  const def = titleByCode(gameCode);
  if (!def) throw new RangeError(`unknown game ${gameCode}`);
  return spin(def, fairRng(seeds), betFen);
}

export interface VerifyRoundInput extends FairRoundSeeds {
  gameCode: string;
  betFen: number;
  /** The hash shown before play, when the verifier has it: checked against the revealed server seed. */
  serverSeedHash?: string;
}

export interface VerifiedRound {
  outcome: SpinOutcome;
  /** SHA-256 of the revealed server seed. */
  serverSeedHash: string;
  /** True / false when a committed hash was given, null otherwise. */
  commitmentMatches: boolean | null;
}

/** Re-computes a round from its revealed seeds (the web's verification page runs exactly this). */
export function verifyRound(input: VerifyRoundInput): VerifiedRound {
  const { serverSeed, clientSeed, nonce, gameCode, betFen } = input;
  const serverSeedHash = seedCommitment(serverSeed);
  const commitmentMatches = input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash;
  return { outcome: fairSpin({ serverSeed, clientSeed, nonce }, gameCode, betFen), serverSeedHash, commitmentMatches };
}
