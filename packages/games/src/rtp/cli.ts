/**
 * `npm run games:rtp [-- --rounds N] [--rng crypto|fair] [--seed S]`: for every title, the exact RTP (base game
 * by enumeration of every stop combination, free spins by the feature's Markov chain, jackpot feed share), its
 * volatility and hit frequency, and a simulated RTP over N rounds (default 10,000,000) with its 99% interval.
 * Exits 1 when a declared RTP lies outside the interval, differs from the exact RTP by more than 0.05 pp, or a
 * title returns more than 100%.
 */
import { cryptoRng } from '../rng/crypto.ts';
import { fairRng } from '../rng/fair.ts';
import type { Rng } from '../rng/rng.ts';
import { exactRtp, type ExactRtp } from '../slots/rtp.ts';
import { TITLES } from '../slots/titles/index.ts';
import type { SlotDef } from '../slots/types.ts';
import { volatilityClassOf } from '../slots/volatility.ts';
import { simulate, type SimulationResult } from './simulate.ts';

const DEFAULT_ROUNDS = 10_000_000;
/** The declared RTP must match the exact one within this (fraction: 0.0005 = 0.05 pp). */
const DECLARED_TOLERANCE = 0.0005;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;

function rngFor(def: SlotDef): Rng {
  if (option('rng') !== 'fair') return cryptoRng();
  return fairRng({ serverSeed: option('seed') ?? 'games-rtp', clientSeed: def.code, nonce: 0 });
}

function report(def: SlotDef, exact: ExactRtp, sim: SimulationResult): string[] {
  const declared = def.declaredRtpPct / 100;
  const problems: string[] = [];
  if (exact.totalRtp >= 1) problems.push('returns more than 100%');
  if (Math.abs(exact.totalRtp - declared) > DECLARED_TOLERANCE)
    problems.push('declared RTP differs from the exact RTP by more than 0.05 pp');
  if (declared < sim.low || declared > sim.high) problems.push('declared RTP outside the simulated 99% interval');
  if (volatilityClassOf(exact.volatility) !== def.volatility) problems.push(`volatility class is ${volatilityClassOf(exact.volatility)}`);
  console.log(
    `\n${def.code} ${def.names['zh-CN']} / ${def.names['zh-TW']}  (${def.mode.kind === 'ways' ? '243 ways' : `${def.coinsPerBet} lines`})`,
  );
  console.log(
    `  exact   base ${pct(exact.baseRtp, 4)} (Σ ${exact.baseWinCoinsTotal} coins / ${exact.combinations} stop combinations / ${def.coinsPerBet} coins)`,
  );
  console.log(
    `          free spins ${pct(exact.freeSpinRtp, 4)} (trigger 1 in ${(1 / exact.featureFrequency).toFixed(1)}, ${exact.featureMeanSpins.toFixed(2)} spins)  jackpot feed ${pct(exact.jackpotRtp, 2)}`,
  );
  console.log(
    `          total ${pct(exact.totalRtp, 4)}  declared ${def.declaredRtpPct.toFixed(2)}%  volatility sd ${exact.volatility.toFixed(3)} (${def.volatility})  hit ${pct(exact.hitFrequency, 2)}`,
  );
  console.log(
    `  sim     ${sim.rounds.toLocaleString('en-US')} rounds: ${pct(sim.rtp)}  99% CI [${pct(sim.low)}, ${pct(sim.high)}]  declared inside: ${problems.includes('declared RTP outside the simulated 99% interval') ? 'NO' : 'yes'}`,
  );
  console.log(
    `          sd ${sim.sd.toFixed(3)}  hit ${pct(sim.hitFrequency, 2)}  features ${sim.features}  jackpots ${sim.jackpotHits}  ${Math.round(sim.roundsPerSecond).toLocaleString('en-US')} rounds/s`,
  );
  for (const problem of problems) console.log(`  FAIL    ${problem}`);
  return problems;
}

function main(): number {
  const rounds = Number(option('rounds') ?? DEFAULT_ROUNDS);
  if (!Number.isSafeInteger(rounds) || rounds < 1000) throw new RangeError('--rounds: an integer ≥ 1000');
  console.log(
    `games:rtp — exact enumeration + ${rounds.toLocaleString('en-US')} simulated rounds per title, rng ${option('rng') ?? 'crypto'}`,
  );
  let failures = 0;
  let totalRounds = 0;
  let totalMs = 0;
  for (const def of TITLES) {
    const exact = exactRtp(def);
    const sim = simulate(def, rngFor(def), rounds);
    failures += report(def, exact, sim).length;
    totalRounds += sim.rounds;
    totalMs += sim.elapsedMs;
  }
  console.log(`\nsimulator: ${Math.round(totalRounds / (totalMs / 1000)).toLocaleString('en-US')} rounds/s on one core (all titles)`);
  console.log(
    failures === 0
      ? 'OK: every declared RTP is exact within 0.05 pp and inside its 99% interval; none returns over 100%'
      : `${failures} failure(s)`,
  );
  return failures === 0 ? 0 : 1;
}

process.exitCode = main();
