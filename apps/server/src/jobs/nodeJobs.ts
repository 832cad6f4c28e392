/**
 * Every background job a node runs, as leased jobs (jobs/lease.ts): each runs once per period across the
 * cluster, on whichever node claims it. A new job is one more entry here (docs/scale-out.md); never a bare
 * setInterval in main.ts, which would run it on every node at once.
 *
 * Not here, and why: the tables' dealers and the lottery draws hold a lease per table (modules/tables/dealer.ts);
 * the sportsbook simulator is a pure function of the clock and its seed, the same on every node (it writes
 * nothing: its results reach the database through sport.settle below); the audit anchor writes this node's own
 * file (ops/auditAnchor.ts); a fishing room's simulation holds a lease per room (modules/fishing/service.ts), its
 * finished minutes are recorded here; the live rooms' match timeline (modules/live/matchDetail.ts) is each node's own
 * reading of that same simulator feed and writes nothing.
 */
import type { Db } from '../db/connect.ts';
import { recoverPvpHands } from '../modules/cards/pvp/recovery.ts';
import { reportJob } from '../console/reports/rollup.ts';
import type { Services } from '../services.ts';
import { housekeeping } from './housekeeping.ts';
import type { JobSpec } from './lease.ts';
import { promotionJob } from './promotions.ts';
import { rebateJob } from './rebate.ts';

type JobServices = Pick<Services, 'reconcile' | 'reconcileDeposits' | 'vip' | 'effects' | 'sport' | 'fishing'>;

export function nodeJobs(db: Db, s: JobServices): JobSpec[] {
  return [
    // Venue transfers whose answer was lost (jobs/reconciler.ts): every 5 s.
    { name: 'transfers.reconcile', everyMs: 5_000, run: () => s.reconcile() },
    // Payments whose notification never arrived: every 30 s (each order at most once a run, oldest asked first).
    { name: 'deposits.reconcile', everyMs: 30_000, run: () => s.reconcileDeposits() },
    { name: 'housekeeping', everyMs: 10 * 60_000, run: () => housekeeping(db) },
    { name: 'rebates', everyMs: 15 * 60_000, firstAfterPeriod: true, run: () => rebateJob(db, s.vip) },
    { name: 'promotions', everyMs: 60_000, firstAfterPeriod: true, run: () => promotionJob(db, s.effects) },
    // The console's daily report roll-ups: today, yesterday and days a resettlement changed.
    { name: 'reports', everyMs: 60_000, run: () => reportJob(db) },
    // The sportsbook: in-play bets whose delay is over, then bets whose events have results.
    { name: 'sport.confirm', everyMs: 500, leaseMs: 15_000, run: () => s.sport.settlement.confirmDue() },
    { name: 'sport.settle', everyMs: 5_000, run: () => s.sport.settlement.settleDue() },
    // Fishing: finished minutes recorded as casino rounds (each minute once: its row's conditional `recorded` change).
    { name: 'fishing.minutes', everyMs: 1_000, leaseMs: 15_000, run: () => s.fishing.closeFinishedMinutes() },
    // PvP card hands no node holds live (crashed mid-hand, settlement failed for good): voided, holds given back
    // (modules/cards/pvp/recovery.ts). Due at once: a (re)started cluster recovers at start-up.
    { name: 'pvp.recover', everyMs: 30_000, run: () => recoverPvpHands(db) },
  ];
}
