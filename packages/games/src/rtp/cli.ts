/**
 * `npm run games:rtp [-- --rounds N] [--rng crypto|fair|seeded] [--seed S]`: for every title, the exact RTP (base
 * game by enumeration of every stop combination, free spins by the feature's Markov chain, jackpot feed share),
 * its volatility and hit frequency, and a simulated RTP over N rounds (default 10,000,000) with its 99% interval
 * and the simulator's speed. Exits 1 when a declared RTP lies outside the interval, differs from the exact RTP by
 * more than 0.05 pp, a title returns 100% or more, a volatility class does not hold, a listed pay can never win
 * (each pay's exact probability is printed) (harness.ts), or an RNG check fails twice (rngCheck.ts).
 */
import { cryptoRng } from '../rng/crypto.ts';
import { fairRng } from '../rng/fair.ts';
import type { Rng } from '../rng/rng.ts';
import { seededRng } from '../rng/seeded.ts';
import { payReach } from '../slots/reach.ts';
import { computeSlotFigures, SLOT_FIGURES } from '../slots/figures.ts';
import { exactRtp, type ExactRtp } from '../slots/rtp.ts';
import { TITLES } from '../slots/titles/index.ts';
import type { SlotDef } from '../slots/types.ts';
import { PROBLEM_OUTSIDE_INTERVAL, titleProblems } from './harness.ts';
import { rngVerdict } from './rngCheck.ts';
import { simulate, type SimulationResult } from './simulate.ts';
import { checkAllTables } from './tables.ts';
import { checkCardTables, niuniuEnumerationProblems } from '../cards/rtpCheck.ts';
import { printFishing } from './fishing.ts';

const DEFAULT_ROUNDS = 10_000_000;
/** A limit on the work one run may ask for (about a minute per title at 2 M rounds/s). */
const MAX_ROUNDS = 1_000_000_000;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)}%`;
const count = (x: number) => Math.round(x).toLocaleString('en-US');

function rngFor(def: SlotDef): Rng {
  const kind = option('rng') ?? 'crypto';
  const seed = option('seed') ?? 'games-rtp';
  if (kind === 'fair') return fairRng({ serverSeed: seed, clientSeed: def.code, nonce: 0 });
  if (kind === 'seeded') return seededRng(`${seed}:${def.code}`);
  if (kind !== 'crypto') throw new RangeError('--rng: crypto, fair or seeded');
  return cryptoRng();
}

function printExact(def: SlotDef, exact: ExactRtp): void {
  const layout = def.mode.kind === 'ways' ? '243 ways' : `${def.coinsPerBet} lines`;
  console.log(`\n${def.code} ${def.names['zh-CN']} / ${def.names['zh-TW']}  (${layout})`);
  const fraction = `${exact.baseWinCoinsTotal} coins / ${exact.combinations} stop combinations / ${def.coinsPerBet}`;
  console.log(`  exact   base ${pct(exact.baseRtp, 4)}  (= ${fraction})`);
  const trigger = `trigger 1 in ${(1 / exact.featureFrequency).toFixed(1)}, ${exact.featureMeanSpins.toFixed(2)} spins`;
  console.log(`          free spins ${pct(exact.freeSpinRtp, 4)} (${trigger})  jackpot feed ${pct(exact.jackpotRtp, 2)}`);
  const sd = `volatility sd ${exact.volatility.toFixed(3)} (${def.volatility})`;
  console.log(
    `          total ${pct(exact.totalRtp, 4)}  declared ${def.declaredRtpPct.toFixed(2)}%  ${sd}  hit ${pct(exact.hitFrequency, 2)}`,
  );
}

function printSimulation(sim: SimulationResult, problems: string[]): void {
  const inside = problems.includes(PROBLEM_OUTSIDE_INTERVAL) ? 'NO' : 'yes';
  console.log(
    `  sim     ${count(sim.rounds)} rounds: ${pct(sim.rtp)}  99% CI [${pct(sim.low)}, ${pct(sim.high)}]  declared inside: ${inside}`,
  );
  const counts = `features ${count(sim.features)}  jackpots ${sim.jackpotHits}`;
  console.log(`          sd ${sim.sd.toFixed(3)}  hit ${pct(sim.hitFrequency, 2)}  ${counts}  ${count(sim.roundsPerSecond)} rounds/s`);
  for (const problem of problems) console.log(`  FAIL    ${problem}`);
}

/** RNG battery on 1M words and 1M int(10) draws of each generator, under the re-run rule of rngCheck.ts. */
function printRngChecks(): number {
  const verdict = rngVerdict([
    ['crypto', () => cryptoRng()],
    ['fair', (attempt) => fairRng({ serverSeed: 'games-rtp', clientSeed: 'rng-check', nonce: attempt })],
  ]);
  for (const line of verdict.lines) console.log(line);
  return verdict.failures;
}

/** Every listed pay of a title with its exact probability (a pay that can never win fails the title: harness.ts). */
function printPays(def: SlotDef): void {
  const per = def.mode.kind === 'ways' ? 'per spin' : 'per line';
  const cells = payReach(def).map((p) => `${p.symbol}×${p.count} ${p.base > 0 ? `1 in ${count(1 / p.base)}` : 'NEVER'}`);
  console.log(`  pays    every listed pay's exact probability in the base game (${per}):`);
  for (let i = 0; i < cells.length; i += 6) console.log(`          ${cells.slice(i, i + 6).join('  ')}`);
}

/** Shared tables and lottery: every bet's exact RTP, and the simulation's check of each (tables.ts). */
function printTables(): number {
  const rounds = Number(option('table-rounds') ?? 1_000_000);
  if (!Number.isSafeInteger(rounds) || rounds < 1000 || rounds > MAX_ROUNDS)
    throw new RangeError('--table-rounds: an integer from 1000 to 10^9');
  console.log(`\ntables & lottery — exact RTP of every bet; ${count(rounds)} simulated rounds per game (99% family-wise intervals)`);
  let failures = 0;
  const tableRng = rngFor({ code: 'tables' } as SlotDef);
  const nn = niuniuEnumerationProblems();
  console.log(
    `\n百人牛牛 enumeration (${nn.ms.toFixed(0)} ms): a spot returns ${pct(nn.perDeposit, 4)} of its deposit, ${pct(nn.perBase, 4)} of its 底注${nn.problems.length ? ' FAIL' : ''}`,
  );
  for (const p of nn.problems) console.log(`  FAIL    ${p}`);
  failures += nn.problems.length;
  for (const t of [...checkAllTables(tableRng, rounds), ...checkCardTables(tableRng, Math.min(rounds, 300_000))]) {
    console.log(`\n${t.code} ${t.name}  (${t.bets.length} bets)`);
    const cells = t.bets.map((b) => `${b.name} ${pct(b.exact, 3)}${b.ok ? '' : ' FAIL'}`);
    for (let i = 0; i < cells.length; i += 4)
      console.log(
        `  ${cells
          .slice(i, i + 4)
          .map((c) => c.padEnd(24))
          .join('')}`,
      );
    for (const b of t.bets.filter((x) => !x.ok)) {
      console.log(`  FAIL    ${b.key}: exact ${pct(b.exact, 4)} outside simulated [${pct(b.low, 4)}, ${pct(b.high, 4)}] or ≥ 100%`);
      failures++;
    }
  }
  return failures;
}

function main(): number {
  const rounds = Number(option('rounds') ?? DEFAULT_ROUNDS);
  if (!Number.isSafeInteger(rounds) || rounds < 1000 || rounds > MAX_ROUNDS) throw new RangeError('--rounds: an integer from 1000 to 10^9');
  console.log(`games:rtp — exact enumeration + ${count(rounds)} simulated rounds per title, rng ${option('rng') ?? 'crypto'}`);
  let [failures, totalRounds, totalMs] = [printRngChecks(), 0, 0];
  for (const def of TITLES) {
    const started = performance.now();
    const exact = exactRtp(def);
    const exactMs = performance.now() - started;
    printExact(def, exact);
    console.log(`          (exact scan ${exactMs.toFixed(0)} ms)`);
    printPays(def);
    const sim = simulate(def, rngFor(def), rounds);
    const problems = titleProblems(def, exact, sim);
    const shown = JSON.stringify(SLOT_FIGURES[def.code]);
    const truth = JSON.stringify(computeSlotFigures(def));
    if (shown !== truth) problems.push(`displayed figures ${shown} differ from the exact ${truth} (slots/figures.ts)`);
    printSimulation(sim, problems);
    failures += problems.length;
    totalRounds += sim.rounds;
    totalMs += sim.elapsedMs;
  }
  console.log(`\nsimulator: ${count(totalRounds / (totalMs / 1000))} rounds/s on one core (all titles)`);
  failures += printTables();
  failures += printFishing(rngFor({ code: 'fishing' } as SlotDef), Number(option('fish-shots') ?? DEFAULT_ROUNDS));
  console.log(
    failures === 0
      ? 'OK: declared RTPs exact within 0.05 pp and inside their 99% intervals; none returns 100% or more; every listed pay can win; RNG checks pass'
      : `${failures} failure(s)`,
  );
  return failures === 0 ? 0 : 1;
}

process.exitCode = main();
