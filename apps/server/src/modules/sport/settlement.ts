/**
 * Confirmation of in-play bets and settlement. Every step is one conditional
 * status/version change with its journal in the same transaction, so running it twice (two nodes, a
 * retry after a crash) moves money once:
 *   - confirm: pending → accepted, or → rejected with the hold voided (stake back to the venue wallet);
 *   - settle (version v → v+1): the hold is posted to the house sportsbook account (first time), and
 *     the payout paid house → venue wallet by a journal keyed by bet + version;
 *   - restore (A): settled → accepted, the last payout reversed by a new journal (never an edit), its
 *     turnover taken back out of the turnover feed (the next settlement reports the new outcome); a payout
 *     already moved out of the sportsbook wallet leaves the member in debt, repaid by the next payout or deposit;
 *   - cancel (D0…DZ) and resettlement: restore, then settle again with the new results.
 */
import {
  baseResult,
  isCancelCode,
  payoutFen,
  seriesPayoutFen,
  seriesTypes,
  validTurnoverFen,
  type CancelCode,
  type Leg,
  type SettledResult,
} from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { coverWithDebt } from '../../ledger/debt.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { reverse } from '../../ledger/ledger.ts';
import { settleHold, voidHolds } from '../../ledger/wager.ts';
import type { FeedResult, OddsFeed } from '../../providers/oddsFeed.ts';
import { settleSelection } from '../../venues/sportsbook/markets.ts';
import { recordSettledBet, retractSettledBet, turnoverRepository } from '../turnover/repository.ts';
import { hedgedValidFen, marketOf, oddsQualify, rawValidFen, validMinMilli } from './validTurnover.ts';
import { sportRepository, type BetRow, type LegRow, type ResultRow } from './repository.ts';
import type { Placement } from './placement.ts';
import type { WalletPushes } from '../wallet/pushes.ts';

type LegResult = SettledResult | CancelCode;
/** How long a brand's valid-turnover minimum is reused before it is read again. */
const VALID_MIN_TTL_MS = 10_000;

/** A bet's overall code from its legs and payout (singles keep their leg's code, cancel reasons included). */
export function betResult(bet: Pick<BetRow, 'kind' | 'stake'>, legs: LegResult[], payout: number): string {
  if (legs.length === 1) return legs[0]!;
  if (legs.every((l) => baseResult(l) === 'D')) return legs.find(isCancelCode) ?? 'D';
  if (payout === 0) return 'L';
  if (payout < bet.stake) return 'LL';
  if (payout === bet.stake) return 'P';
  return 'W';
}

/** Payout and valid turnover of a bet whose every leg has a result. */
export function settleMoney(
  bet: Pick<BetRow, 'kind' | 'stake' | 'stake_per_bet' | 'series_type'>,
  legs: Array<{ result: LegResult; milli: number }>,
): { payout: number; valid: number } {
  const rules: Leg[] = legs.map((l) => ({ result: l.result, milli: l.milli }));
  if (bet.kind === 'series') {
    const t = seriesTypes(legs.length).find((x) => x.name === bet.series_type);
    if (!t) throw new Error(`unknown series type ${bet.series_type}`);
    const allVoid = legs.every((l) => ['P', 'D'].includes(baseResult(l.result)));
    return { payout: seriesPayoutFen(bet.stake_per_bet, rules, t.sizes), valid: allVoid ? 0 : bet.stake };
  }
  const payout = payoutFen(bet.stake, rules);
  if (legs.length === 1) return { payout, valid: validTurnoverFen(bet.stake, legs[0]!.result) };
  return { payout, valid: legs.every((l) => ['P', 'D'].includes(baseResult(l.result))) ? 0 : bet.stake };
}

function fromRow(r: ResultRow): FeedResult {
  return {
    gameId: r.event_id,
    scoreH: Number(r.score_h),
    scoreC: Number(r.score_c),
    htH: r.ht_h === null ? null : Number(r.ht_h),
    htC: r.ht_c === null ? null : Number(r.ht_c),
    winner: r.winner,
    ...(r.detail ? (JSON.parse(r.detail) as Pick<FeedResult, 'maps' | 'forfeit'>) : {}),
  };
}

export class Settlement {
  constructor(
    private readonly db: Db,
    private readonly feed: () => OddsFeed | null,
    private readonly placement: Placement,
    private readonly pushes?: WalletPushes,
  ) {}

  /** Pending in-play bets past their delay: re-checked against suspension and price, then accepted or rejected. */
  async confirmDue(now = Date.now()): Promise<{ accepted: number; rejected: number }> {
    let accepted = 0;
    let rejected = 0;
    for (const bet of await sportRepository.duePending(this.db, now)) {
      const r = await this.confirm(bet);
      if (r === 'accepted') accepted++;
      if (r === 'rejected') rejected++;
    }
    return { accepted, rejected };
  }

  async confirm(bet: BetRow): Promise<'accepted' | 'rejected' | null> {
    if (bet.status !== 'pending') return null;
    const legs = await sportRepository.legs(this.db, bet.id);
    let reason: string | null = null;
    for (const l of legs) {
      const p = this.placement.price({
        gameInfo: { gameId: l.event_id, team_h: l.team_h, team_c: l.team_c },
        playInfo: { w: l.w },
        oddInfo: { r: Number(l.odds), gameId: l.event_id },
      });
      if (!p.leg) reason = p.closed!;
      else if (p.leg.milli < Number(l.odds) && bet.accept_any !== 1) reason = 'SPORT_ODDS_CHANGED';
      if (reason) break;
    }
    if (!reason) return (await sportRepository.moveStatus(this.db, bet.id, 'pending', { status: 'accepted' })) ? 'accepted' : null;
    return this.reject(bet, reason);
  }

  /** Rejects a pending bet: the hold goes back to the venue wallet and the daily potential is released. */
  async reject(bet: BetRow, reason: string): Promise<'rejected' | null> {
    return moneyStep(this.db, async (tx) => {
      if (!(await sportRepository.moveStatus(tx, bet.id, 'pending', { status: 'rejected', reject_reason: reason, settled_at: Date.now() })))
        return null;
      await voidHolds(
        tx,
        [
          {
            holdId: bet.hold_id,
            memberId: bet.member_id,
            amountFen: Number(bet.stake),
            wallet: memberAccount(bet.member_id, 'venue', 'CNY', bet.channel_code),
          },
        ],
        { kind: 'sport.bet.rejected', refType: 'sport_bet', refId: bet.id, currency: 'CNY' },
        Date.now(),
      );
      await sportRepository.releasePotential(tx, bet.member_id, bet.cap_day, bet.cap_groups.split(','), Number(bet.max_payout));
      return 'rejected' as const;
    });
  }

  /** Records the feed's results of events with open bets and settles every bet whose legs all have one. */
  async settleDue(): Promise<number> {
    const feed = this.feed();
    let settled = 0;
    for (const eventId of await sportRepository.openEvents(this.db)) {
      let resulted = (await sportRepository.results(this.db, [eventId])).length > 0;
      if (!resulted && feed) {
        const r = feed.result(eventId);
        if (r) {
          await sportRepository.recordFeedResult(this.db, {
            event_id: eventId,
            score_h: r.scoreH,
            score_c: r.scoreC,
            ht_h: r.htH,
            ht_c: r.htC,
            winner: r.winner,
            ...(r.maps ? { detail: JSON.stringify({ maps: r.maps, forfeit: r.forfeit ?? false }) } : {}),
            updated_at: Date.now(),
          });
          resulted = true;
        }
      }
      // Every leg needs its event's result: the bets of an event without one cannot settle and are not read.
      // (Reading them all made each tick cost every open bet — ~30,000 bets read per tick during bench:sport.)
      // A parlay waiting on another event is reached again through that event once it has its result.
      if (!resulted) continue;
      for (const betId of await sportRepository.betsOnEvent(this.db, eventId, ['accepted'])) if (await this.settleBet(betId)) settled++;
    }
    return settled;
  }

  /** Settles one accepted bet when every leg has a result (or `cancel` voids them all). */
  async settleBet(betId: string, cancel?: CancelCode): Promise<boolean> {
    const bet = await sportRepository.bet(this.db, betId);
    if (!bet || bet.status !== 'accepted') return false;
    const legs = await sportRepository.legs(this.db, betId);
    const results = new Map(
      (
        await sportRepository.results(
          this.db,
          legs.map((l) => l.event_id),
        )
      ).map((r) => [r.event_id, r]),
    );
    const legResults: LegResult[] = [];
    for (const l of legs) {
      const r = cancel ?? this.legResult(l, results.get(l.event_id));
      if (!r) return false;
      legResults.push(r);
    }
    const money = settleMoney(
      bet,
      legs.map((l, i) => ({ result: legResults[i]!, milli: Number(l.odds) })),
    );
    const { payout } = money;
    // Valid turnover only at the brand's minimum odds (validTurnover.ts); the hedge rule is applied in the transaction below.
    const minMilli = await this.validMin(Number(bet.site_code));
    const qualifies = oddsQualify(
      bet.kind,
      legs.map((l) => Number(l.odds)),
      Number(bet.odds),
      minMilli,
    );
    const qualifiedValid = qualifies ? money.valid : 0;
    const single = legs.length === 1 && (bet.kind === 'single' || bet.kind === 'champion');
    const version = Number(bet.settle_version) + 1;
    const now = Date.now();
    const settled = await moneyStep(this.db, async (tx) => {
      let valid = qualifiedValid;
      const result = betResult(bet, legResults, payout);
      if (
        !(await sportRepository.settleVersion(tx, betId, 'accepted', version - 1, {
          status: 'settled',
          result,
          payout,
          valid,
          settle_version: version,
          settled_at: now,
        }))
      )
        return false;
      for (const [i, l] of legs.entries()) await sportRepository.setLegResult(tx, betId, l.idx, legResults[i]!);
      // The stake posted (if still held) and the payout paid, debt first (ledger/wager.ts: the lock order).
      const paid = await settleHold(
        tx,
        {
          holdId: bet.hold_id,
          holdPending: (await sportRepository.holdStatus(tx, bet.hold_id)) === 'pending',
          memberId: bet.member_id,
          wallet: memberAccount(bet.member_id, 'venue', 'CNY', bet.channel_code),
          book: houseAccount('sportsbook', bet.channel_code),
          payoutFen: payout,
          stakeKind: 'sport.stake',
          payoutKind: 'sport.payout',
          refType: 'sport_bet',
          refId: betId,
          idemKey: `sport.settle:${betId}:${version}`,
        },
        now,
      );
      if (paid.payoutJournal) await sportRepository.settleVersion(tx, betId, 'settled', version, { payout_journal: paid.payoutJournal });
      if (single && valid > 0) {
        // Opposite selections of one market count once at most. The member's turnover row is locked first (the
        // lock recordSettledBet takes anyway, after the ledger's) so two of their bets settling at once see each other.
        await turnoverRepository.add(tx, bet.member_id, 'done', 0);
        const leg = legs[0]!;
        const mine = marketOf(leg.event_id, leg.w);
        const others = (await sportRepository.settledSinglesOnEvent(tx, bet.member_id, leg.event_id, betId)).flatMap((o) => {
          const m = marketOf(leg.event_id, o.w);
          if (m.market !== mine.market || o.result === null) return [];
          const r = o.result as SettledResult | CancelCode;
          return [{ side: m.side, rawValid: rawValidFen(o.stake, r, o.odds, minMilli), counted: o.valid }];
        });
        const hedged = hedgedValidFen(mine.side, valid, others);
        if (hedged !== valid) {
          valid = hedged;
          await sportRepository.settleVersion(tx, betId, 'settled', version, { valid });
        }
      }
      await recordSettledBet(tx, {
        memberId: bet.member_id,
        siteCode: bet.site_code,
        channelCode: bet.channel_code,
        category: 'TY',
        betRef: betId,
        stakeFen: Number(bet.stake),
        validFen: valid,
        payoutFen: payout,
        settledAtMs: now,
      });
      return true;
    });
    // The bettor learns the result and the new balance at once (the page no longer waits for its refetch).
    if (settled)
      this.pushes?.send([
        {
          memberId: bet.member_id,
          channelCode: bet.channel_code,
          result: {
            game: 'sport',
            gameCode: bet.game_type,
            roundId: betId,
            issue: betId,
            stakeFen: Number(bet.stake),
            payoutFen: payout,
            status: payout > Number(bet.stake) ? 'won' : payout === Number(bet.stake) ? 'push' : 'lost',
          },
        },
      ]);
    return settled;
  }

  private readonly validMins = new Map<number, { milli: number; at: number }>();

  /** Forgets the brands' valid-turnover minimums read so far: the next settlement reads the site flags again. */
  forgetSiteSettings(): void {
    this.validMins.clear();
  }

  /** The brand's valid-turnover minimum (site flag), read at most every VALID_MIN_TTL_MS per site (a settlement tick settles many bets). */
  private async validMin(siteCode: number): Promise<number> {
    const hit = this.validMins.get(siteCode);
    if (hit && Date.now() - hit.at < VALID_MIN_TTL_MS) return hit.milli;
    const milli = validMinMilli((await sportRepository.siteFlags(this.db, siteCode)).validTurnoverMinOdds);
    this.validMins.set(siteCode, { milli, at: Date.now() });
    return milli;
  }

  private legResult(l: LegRow, r: ResultRow | undefined): LegResult | null {
    if (!r) return null;
    if (r.cancel_code && isCancelCode(r.cancel_code)) return r.cancel_code;
    return settleSelection(l.w, fromRow(r));
  }

  /**
   * A (restored): a settled bet goes back to accepted; its payout is taken back by a reversing journal.
   * What the sportsbook wallet no longer holds of it is booked to the member's debt (ledger/debt.ts).
   */
  async restore(betId: string, reason = 'restored'): Promise<boolean> {
    const bet = await sportRepository.bet(this.db, betId);
    if (!bet || bet.status !== 'settled') return false;
    const version = Number(bet.settle_version);
    return moneyStep(this.db, async (tx) => {
      if (
        !(await sportRepository.settleVersion(tx, betId, 'settled', version, {
          status: 'accepted',
          result: 'A',
          payout: 0,
          valid: 0,
          payout_journal: null,
          settle_version: version + 1,
        }))
      )
        return false;
      for (const l of await sportRepository.legs(tx, betId)) await sportRepository.setLegResult(tx, betId, l.idx, null);
      // What the member no longer holds of the payout (moved out, withdrawn) becomes the member's debt.
      if (bet.payout_journal) await reverse(tx, bet.payout_journal, `sport ${reason}`, Date.now(), (lines) => coverWithDebt(tx, lines));
      // Unsettled again: its turnover leaves its day until the next settlement reports the new outcome.
      await retractSettledBet(tx, bet.channel_code, betId);
      return true;
    });
  }

  /** Cancels a bet with a reason code (D0…DZ): a pending one is rejected, a settled one restored first, then voided (stake back). */
  async cancel(betId: string, code: CancelCode): Promise<boolean> {
    const bet = await sportRepository.bet(this.db, betId);
    if (!bet) return false;
    if (bet.status === 'pending') return (await this.reject(bet, code)) !== null;
    if (bet.status === 'settled' && !(await this.restore(betId, `cancel ${code}`))) return false;
    return this.settleBet(betId, code);
  }

  /** An operator's result for an event (or its cancellation): every settled bet on it is restored and settled again. */
  async resettleEvent(r: Omit<ResultRow, 'source' | 'version' | 'updated_at'>): Promise<number> {
    await sportRepository.setResult(this.db, { ...r, updated_at: Date.now() });
    for (const id of await sportRepository.betsOnEvent(this.db, r.event_id, ['settled'])) await this.restore(id, 'resettlement');
    let n = 0;
    for (const id of await sportRepository.betsOnEvent(this.db, r.event_id, ['accepted'])) if (await this.settleBet(id)) n++;
    return n;
  }
}
