/**
 * The fairness verifier's pure part: re-compute a round in the browser from its revealed seeds (`verifyRound` of
 * @portal/games, the very code the server spun with) and compare it with the stored outcome, field by field.
 */
import { verifyRound, type SpinOutcome } from '@portal/games';
import { parseWireAmount } from '@portal/rules';
import type { SlotRoundWire } from '@portal/contract';

export interface VerifyChecks {
  /** The revealed server seed hashes to the hash committed before play. */
  commitment: boolean;
  stops: boolean;
  grid: boolean;
  win: boolean;
}

export type Verification =
  | { state: 'unrevealed' }
  | { state: 'done'; pass: boolean; checks: VerifyChecks; computed: SpinOutcome }
  | { state: 'error'; message: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Every stage's stops and grids (base, then each free spin), as the engine records them. */
const stagesOf = (o: SpinOutcome) => [o.base, ...(o.freeSpins ?? [])];

export function compareOutcome(stored: SpinOutcome, computed: SpinOutcome, commitment: boolean): { pass: boolean; checks: VerifyChecks } {
  const a = stagesOf(stored);
  const b = stagesOf(computed);
  const checks: VerifyChecks = {
    commitment,
    stops: a.length === b.length && a.every((s, i) => same(s.stops, b[i]!.stops)),
    grid: a.length === b.length && a.every((s, i) => same(s.grid, b[i]!.grid)),
    win: stored.totalWinFen === computed.totalWinFen && stored.jackpotHit === computed.jackpotHit,
  };
  return { pass: checks.commitment && checks.stops && checks.grid && checks.win, checks };
}

/** Verifies a stored round: 'unrevealed' while its server seed is still the current (hidden) one. */
export function verifyStoredRound(round: SlotRoundWire): Verification {
  const { serverSeed, clientSeed, nonce, serverSeedHash } = round.fairness;
  if (!serverSeed) return { state: 'unrevealed' };
  const betFen = parseWireAmount(round.bet);
  if (betFen === null) return { state: 'error', message: round.bet };
  try {
    const v = verifyRound({ serverSeed, clientSeed, nonce, gameCode: round.gameCode, betFen, serverSeedHash });
    return { state: 'done', ...compareOutcome(round.outcome, v.outcome, v.commitmentMatches === true), computed: v.outcome };
  } catch (e) {
    return { state: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

/** A client seed the server accepts: 1–64 of letters, digits, _ and -. */
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;
export const validClientSeed = (s: string): boolean => CLIENT_SEED.test(s);
