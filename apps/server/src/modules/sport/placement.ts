/**
 * Bet placement: the submitted slip is rebuilt with the same reducer the web app
 * runs (@portal/rules slip) and refused where it would refuse; every selection is priced again from
 * the feed (better odds are taken, worse ones refused with the new price unless the player accepts any
 * odds); per-market stake limits; the spec §9 daily payout caps per member and sport group; the stake
 * becomes a ledger hold in the same transaction as the bet row, under an idempotency key. In-play bets
 * wait pending (bettingData active, ticket_id) and are confirmed or rejected (and refunded) later.
 */
import type { Eligibility } from '../compliance/eligibility.ts';
import { LIMITS, StatusCode, type SportBetAnswerWire, type TextKey } from '@portal/contract';
import {
  fenToYuanString,
  initialSlip,
  parseAmount,
  payoutFen,
  seriesPayoutFen,
  seriesTypes,
  slipKey,
  slipReady,
  slipReducer,
  type Leg,
  type SlipItem,
  type SlipMode,
  businessDay,
  yuan,
} from '@portal/rules';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { stake as stakeHold } from '../../ledger/wager.ts';
import type { FeedGameType, OddsFeed } from '../../providers/oddsFeed.ts';
import { inBand, marketTypeOf } from '../../venues/sportsbook/band.ts';
import { sportRepository, type BetRow, type LegRow } from './repository.ts';

export interface BetInput {
  mode: SlipMode;
  seriesType?: string | undefined;
  items: SlipItem[];
  stake: string;
  acceptAnyOdds?: 0 | 1 | undefined;
  oddsType?: 'E' | 'H' | 'I' | 'M' | undefined;
  idempotencyKey: string;
}

export interface PlacementSettings {
  channelCode: string;
  inPlayDelayMs: number;
  usdCnyRate: number;
}

type CapGroup = keyof typeof LIMITS.SPORT_DAILY_PAYOUT_CAP_USD;
const GROUP_OF: Record<FeedGameType, CapGroup> = {
  FT: 'footballBasketball',
  BK: 'footballBasketball',
  VF: 'footballBasketball',
  TN: 'tennisLike',
  VB: 'tennisLike',
  TT: 'tennisLike',
  BS: 'other',
  SK: 'other',
  OP: 'other',
  // E-sports count as the sports outside the two named groups (spec §9).
  EL: 'other',
  EK: 'other',
  ED: 'other',
  EC: 'other',
  EV: 'other',
};

interface PricedLeg {
  item: SlipItem;
  gameType: string;
  league: string;
  name: string;
  milli: number;
  kind: 'main' | 'correctScore' | 'champion';
  inPlay: boolean;
  early: boolean;
  score: string;
}

/** A bet's answer without the per-call parts (betting state, balance). */
type PlacedBet = Omit<SportBetAnswerWire, 'bettingData' | 'balance'>;
/** A bet this call placed, with the venue wallet's balance its hold left. */
interface Placed {
  bet: PlacedBet;
  balance: number;
}
/** What a bet's idempotency key stores: the ticket id only (a small row); a replay rebuilds the bet from its rows. */
const storedBet = z.object({ ticket_id: z.string() });

const refuse = (key: TextKey, data?: unknown): never =>
  fail(StatusCode.INVALID_PARAMETER, { key, ...(data === undefined ? {} : { data }) });

/** The slip as the reducer builds it from the submitted items: refused unless it is exactly what was sent and ready. */
export function checkSlip(input: Pick<BetInput, 'mode' | 'items' | 'oddsType'>): void {
  let s = slipReducer(initialSlip(input.oddsType ?? 'H'), { type: 'setMode', mode: input.mode });
  for (const item of input.items) {
    s = slipReducer(s, { type: 'toggle', item });
    if (s.notice) fail(StatusCode.INVALID_PARAMETER, { message: s.notice });
  }
  const same =
    s.mode === input.mode && s.items.length === input.items.length && s.items.every((i, n) => slipKey(i) === slipKey(input.items[n]!));
  if (!same || !slipReady(s)) refuse('SPORT_SLIP_INVALID');
  // A parlay is of different games (legs of one game are not independent).
  if (input.mode !== 'single' && new Set(input.items.map((i) => i.oddInfo.gameId)).size !== input.items.length)
    refuse('SPORT_SLIP_INVALID');
  if (input.items.some((i) => i.gameInfo.gameId !== i.oddInfo.gameId)) refuse('SPORT_SLIP_INVALID');
}

export class Placement {
  constructor(
    private readonly db: Db,
    private readonly feed: () => OddsFeed | null,
    private readonly s: PlacementSettings,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
  ) {}

  /** Prices one item from the feed now; null price → the selection is not offered (closed line, suspended). */
  price(item: SlipItem): { leg?: PricedLeg; closed?: TextKey } {
    const feed = this.feed();
    if (!feed) return { closed: 'SPORT_EVENT_CLOSED' };
    const gameId = item.oddInfo.gameId;
    if (item.championRate) {
      const o = feed.outright(gameId);
      if (!o || Date.now() >= o.closeAt) return { closed: 'SPORT_EVENT_CLOSED' };
      const sel = o.selections.find((x) => x.w === item.playInfo.w && x.rtype === item.championRate!.rtype);
      if (!sel) return { closed: 'SPORT_SUSPENDED' };
      if (!inBand('FS', sel.r)) return { closed: 'SPORT_PRICE_SUSPENDED' };
      return {
        leg: {
          item,
          gameType: 'FS',
          league: o.league,
          name: `${o.name} ${sel.name}`,
          milli: sel.r,
          kind: 'champion',
          inPlay: false,
          early: false,
          score: '',
        },
      };
    }
    const e = feed.event(gameId);
    if (!e || e.status === 'finished') return { closed: 'SPORT_EVENT_CLOSED' };
    if (e.team_h !== item.gameInfo.team_h || e.team_c !== item.gameInfo.team_c) return { closed: 'SPORT_EVENT_CLOSED' };
    if (e.suspended) return { closed: 'SPORT_SUSPENDED' };
    for (const m of e.markets) {
      const sel = m.selections.find((x) => x.w === item.playInfo.w);
      if (sel) {
        // The band again (whatever feed priced it): a price the book does not offer is not bet.
        if (!inBand(marketTypeOf(sel.w), sel.r)) return { closed: 'SPORT_PRICE_SUSPENDED' };
        return {
          leg: {
            item,
            gameType: e.gameType,
            league: e.league,
            name: `${m.name} ${sel.name}`,
            milli: sel.r,
            kind: m.kind,
            inPlay: e.status === 'live',
            early: e.showType === 'FU',
            score: e.data.sc_FT_A,
          },
        };
      }
    }
    return { closed: 'SPORT_SUSPENDED' };
  }

  async place(ctx: MemberCaller, input: BetInput): Promise<SportBetAnswerWire> {
    checkSlip(input);
    const stake = parseAmount(input.stake);
    if (stake === null || stake <= 0) return refuse('SPORT_STAKE_MIN');
    const legs: PricedLeg[] = [];
    const changes: Array<{ gameId: string; w: string; r: number }> = [];
    for (const item of input.items) {
      const p = this.price(item);
      if (!p.leg) return refuse(p.closed!, { gameId: item.oddInfo.gameId, w: item.playInfo.w });
      // Better odds are taken; worse ones only when the player accepts any odds.
      if (p.leg.milli < item.oddInfo.r && input.acceptAnyOdds !== 1)
        changes.push({ gameId: item.oddInfo.gameId, w: item.playInfo.w, r: p.leg.milli });
      legs.push(p.leg);
    }
    if (changes.length) refuse('SPORT_ODDS_CHANGED', { changes });

    const n = legs.length;
    const series = input.mode === 'series' ? seriesTypes(n).find((t) => t.name === input.seriesType) : undefined;
    if (input.mode === 'series' && !series) refuse('SPORT_SLIP_INVALID');
    const kind: BetRow['kind'] = series ? 'series' : n > 1 ? 'parlay' : legs[0]!.kind === 'champion' ? 'champion' : 'single';
    const limits = LIMITS.SPORT_STAKE_FEN[n > 1 ? 'parlay' : legs[0]!.kind];
    if (stake < limits.min) refuse('SPORT_STAKE_MIN', { min: fenToYuanString(limits.min), max: fenToYuanString(limits.max) });
    if (stake > limits.max) refuse('SPORT_STAKE_MAX', { min: fenToYuanString(limits.min), max: fenToYuanString(limits.max) });
    const wins: Leg[] = legs.map((l) => ({ result: 'W', milli: l.milli }));
    const betCount = series ? series.bets : 1;
    const maxPayout = series ? seriesPayoutFen(stake, wins, series.sizes) : payoutFen(stake, wins);
    const odds = series
      ? 0
      : Math.min(
          Number.MAX_SAFE_INTEGER,
          legs.reduce((o, l) => Math.floor((o * l.milli) / 1000), 1000),
        );
    const groups: CapGroup[] = ['general', ...new Set(legs.map((l) => GROUP_OF[l.gameType as FeedGameType] ?? 'footballBasketball'))];
    if (legs.some((l) => l.early)) groups.push('newHandicap');
    const inPlay = legs.some((l) => l.inPlay);
    // Player protection: exclusion, session limit, loss and wager limits, region (modules/compliance).
    await this.eligibility.check(ctx, 'bet', stake * betCount);
    const gate = this.eligibility.gate(ctx, this.s.channelCode);
    const memberId = ctx.member.id;
    const now = Date.now();
    const id = timeOrderedId(now);
    const request = {
      mode: input.mode,
      seriesType: input.seriesType ?? '',
      items: input.items,
      stake: input.stake,
      acceptAnyOdds: input.acceptAnyOdds ?? 0,
    };
    const status: BetRow['status'] = inPlay ? 'pending' : 'accepted';
    const seriesType = series?.name ?? '';
    // Only the ticket id is stored with the idempotency key (a small row: see ledger/idempotency.ts); a replay
    // answers from the bet as it is now (a pending one may have been confirmed since).
    const placed = await moneyStep(
      this.db,
      async (tx, requestKey): Promise<Placed> => {
        // The stake first (the gate under the member's lock, then the hold), then the day's payout cap: the lock
        // order of every sport step (ledger accounts before the member's cap rows; a rejection releases them after).
        const { holdIds, balance: fromBalance } = await stakeHold(
          tx,
          {
            memberId,
            wallet: memberAccount(memberId, 'venue', 'CNY', this.s.channelCode),
            refType: 'sport_bet',
            holds: [{ refId: id, amountFen: stake * betCount }],
            requestKey,
          },
          gate,
          now,
        );
        const holdId = holdIds[0]!;
        const day = businessDay(now);
        const caps = groups.map((group) => ({
          group,
          capFen: Math.round(LIMITS.SPORT_DAILY_PAYOUT_CAP_USD[group] * this.s.usdCnyRate * 100),
        }));
        if (!(await sportRepository.addPotential(tx, memberId, day, caps, maxPayout))) refuse('SPORT_PAYOUT_CAP');
        const bet: BetRow = {
          id,
          member_id: memberId,
          site_code: ctx.site.siteCode,
          channel_code: this.s.channelCode,
          kind,
          series_type: seriesType,
          game_type: new Set(legs.map((l) => l.gameType)).size === 1 ? legs[0]!.gameType : 'MIX',
          cap_day: day,
          cap_groups: groups.join(','),
          stake: stake * betCount,
          stake_per_bet: stake,
          bet_count: betCount,
          odds,
          max_payout: maxPayout,
          odds_type: series ? 'H' : (input.oddsType ?? 'H'),
          accept_any: input.acceptAnyOdds ?? 0,
          status,
          result: null,
          payout: 0,
          valid: 0,
          settle_version: 0,
          payout_journal: null,
          hold_id: holdId,
          reject_reason: null,
          accept_at: inPlay ? now + this.s.inPlayDelayMs : now,
          created_at: now,
          settled_at: null,
        };
        const rows: LegRow[] = legs.map((l, idx) => ({
          bet_id: id,
          idx,
          event_id: l.item.oddInfo.gameId,
          game_type: l.gameType,
          league: l.league,
          team_h: l.item.gameInfo.team_h,
          team_c: l.item.gameInfo.team_c,
          w: l.item.playInfo.w,
          name: l.name,
          odds: l.milli,
          in_play: l.inPlay ? 1 : 0,
          score: l.score,
          result: null,
        }));
        await sportRepository.insertBet(tx, bet, rows);
        return {
          bet: {
            ticket_id: id,
            status,
            kind,
            seriesType,
            betCount,
            betAmount: fenToYuanString(stake * betCount),
            maxPayout: fenToYuanString(maxPayout),
            legs: rows.map((r) => ({ gameId: r.event_id, w: r.w, r: r.odds })),
          },
          balance: fromBalance,
        };
      },
      { scope: `sport.bet:${memberId}`, key: input.idempotencyKey, request, store: { before: { ticket_id: id } }, decode: storedBet.parse },
    );
    // This call placed the bet, or the key's first call did: then that bet is answered as it is now.
    const ticketId = placed.fresh ? placed.value.bet.ticket_id : placed.stored.ticket_id;
    const answer = placed.fresh ? placed.value.bet : await this.replayed(ticketId);
    const balance = placed.fresh
      ? placed.value.balance
      : await balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', this.s.channelCode));
    return { ...answer, bettingData: { active: answer.status === 'pending', ticket_id: ticketId }, balance: fenToYuanString(balance) };
  }

  /** A bet placed by an earlier call with the same idempotency key, answered from its rows as they are now. */
  private async replayed(ticketId: string): Promise<PlacedBet> {
    const bet = await sportRepository.bet(this.db, ticketId);
    if (!bet) return fail(StatusCode.SERVER_ERROR);
    const legs = await sportRepository.legs(this.db, ticketId);
    return {
      ticket_id: bet.id,
      status: bet.status,
      kind: bet.kind,
      seriesType: bet.series_type,
      betCount: Number(bet.bet_count),
      betAmount: yuan(bet.stake),
      maxPayout: yuan(bet.max_payout),
      legs: legs.map((l) => ({ gameId: l.event_id, w: l.w, r: Number(l.odds) })),
    };
  }
}
