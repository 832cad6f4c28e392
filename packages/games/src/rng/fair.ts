import { randomHex } from './crypto.ts';
import { rngFromWords, type Rng } from './rng.ts';
import { hmacKey, hmacSha256, sha256, toHex } from './sha256.ts';

/** The inputs of one provably fair round. */
export interface FairRoundSeeds {
  /** Secret until rotated; its SHA-256 (hex) is shown before play. */
  serverSeed: string;
  /** Chosen by the player (or defaulted), mixed into every round. */
  clientSeed: string;
  /** Round counter under one server seed, starting at 0. */
  nonce: number;
}

/** Limits: seeds are short text; a nonce is a safe non-negative integer. */
export const FAIR_SEED_MAX_CHARS = 128;

function checkSeeds({ serverSeed, clientSeed, nonce }: FairRoundSeeds): void {
  if (serverSeed.length === 0 || serverSeed.length > FAIR_SEED_MAX_CHARS) throw new RangeError('serverSeed: 1–128 characters');
  if (clientSeed.length > FAIR_SEED_MAX_CHARS) throw new RangeError('clientSeed: at most 128 characters');
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce: a non-negative safe integer');
}

/**
 * Provably fair word stream: block k = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}:${k}`),
 * k = 0, 1, 2, …; each 32-byte block yields eight big-endian 32-bit words, consumed in order. `int` and `float`
 * are the shared derivations of `rngFromWords` (rejection sampling), so anyone with the revealed seed re-derives
 * every number of the round.
 */
export function fairRng(seeds: FairRoundSeeds): Rng {
  checkSeeds(seeds);
  const key = hmacKey(seeds.serverSeed);
  const prefix = `${seeds.clientSeed}:${seeds.nonce}:`;
  let block: Uint8Array = new Uint8Array(0);
  let cursor = 0;
  let offset = 32;
  return rngFromWords(() => {
    if (offset === 32) {
      block = hmacSha256(key, prefix + cursor);
      cursor++;
      offset = 0;
    }
    const word = ((block[offset]! << 24) | (block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!) >>> 0;
    offset += 4;
    return word;
  });
}

/** The commitment shown before play: SHA-256 of the server seed (UTF-8), lowercase hex. */
export function seedCommitment(serverSeed: string): string {
  return toHex(sha256(serverSeed));
}

/**
 * A member's seed pair. The server keeps `serverSeed` secret and shows `serverSeedHash`; the member may change
 * `clientSeed` at any time; `nonce` is the number of rounds already played under this server seed.
 */
export interface FairSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** What the member may see of a pair before rotation (never the server seed). */
export type PublicSeedPair = Omit<FairSeedPair, 'serverSeed'>;

/** A fresh pair: 32 CSPRNG bytes as the server seed, the given (or a random) client seed, nonce 0. */
export function newSeedPair(clientSeed: string = randomHex(8), serverSeed: string = randomHex(32)): FairSeedPair {
  checkSeeds({ serverSeed, clientSeed, nonce: 0 });
  return { serverSeed, serverSeedHash: seedCommitment(serverSeed), clientSeed, nonce: 0 };
}

export function publicSeedPair({ serverSeed: _secret, ...visible }: FairSeedPair): PublicSeedPair {
  return visible;
}

/** The member sets a client seed: the committed server seed stays, the nonce goes on counting. */
export function withClientSeed(pair: FairSeedPair, clientSeed: string): FairSeedPair {
  checkSeeds({ ...pair, clientSeed });
  return { ...pair, clientSeed };
}

/** Takes the seeds of the next round and advances the nonce (persist the returned pair before showing the outcome). */
export function nextRound(pair: FairSeedPair): { seeds: FairRoundSeeds; pair: FairSeedPair } {
  const seeds = { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce };
  return { seeds, pair: { ...pair, nonce: pair.nonce + 1 } };
}

/** Rotation reveals the old server seed (rounds under it become verifiable) and commits a new one, nonce 0. */
export function rotateSeedPair(pair: FairSeedPair, newServerSeed: string = randomHex(32)): { revealed: FairSeedPair; next: FairSeedPair } {
  return { revealed: pair, next: newSeedPair(pair.clientSeed, newServerSeed) };
}

/** True when a revealed server seed matches the hash committed before play. */
export function seedMatchesCommitment(serverSeed: string, serverSeedHash: string): boolean {
  return seedCommitment(serverSeed) === serverSeedHash.toLowerCase();
}
