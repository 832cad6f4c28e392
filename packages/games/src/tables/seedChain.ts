import { seedCommitment } from '../rng/fair.ts';

/**
 * The lottery's committed future seeds: a reverse hash chain. The house draws one secret tail
 * seed for draws fromSeq..toSeq; the seed of draw s is SHA-256 applied (toSeq − s) times to the tail, each step
 * hashing the previous seed's hex TEXT (UTF-8, as `seedCommitment` does) to lowercase hex. The chain's anchor —
 * SHA-256 of the seed of fromSeq — is published before any of its draws takes a bet. So:
 *  - every draw's seed is fixed before a 追号 plan reaching it is accepted;
 *  - a revealed seed of draw s checks against the anchor by hashing it (s − fromSeq + 1) times;
 *  - a draw's commitment seedCommitment(seed_s) is the seed of draw s − 1: revealing a seed never reveals a later one.
 */
export function chainSeed(tailSeed: string, toSeq: number, seq: number): string {
  if (seq > toSeq) throw new RangeError('chainSeed: seq beyond the chain');
  let seed = tailSeed;
  for (let s = toSeq; s > seq; s--) seed = seedCommitment(seed);
  return seed;
}

/** The anchor published when the chain is made: SHA-256 of the seed of its first draw. */
export const chainAnchor = (tailSeed: string, fromSeq: number, toSeq: number): string =>
  seedCommitment(chainSeed(tailSeed, toSeq, fromSeq));

/** Does the revealed seed of draw `seq` hash forward to the chain's published anchor? */
export function seedMatchesChain(seed: string, seq: number, chain: { fromSeq: number; toSeq: number; anchor: string }): boolean {
  if (seq < chain.fromSeq || seq > chain.toSeq) return false;
  let h = seed;
  for (let s = seq; s >= chain.fromSeq; s--) h = seedCommitment(h);
  return h === chain.anchor.toLowerCase();
}
