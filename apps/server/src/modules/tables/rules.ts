/**
 * The rules a bet request meets (shared by a single bet and a multi-draw plan): known bet types, each spot at
 * least its group's minimum, the member's stakes per group within the group's maximum, the round open for bets.
 */
import { StatusCode } from '@portal/contract';
import { betGroup, stakeUnitFen, tableBet } from '@portal/games';
import { parseWireAmount, yuan } from '@portal/rules';
import type { Dialect, Tx } from '../../db/connect.ts';
import type { TableBetTable, TableRoundTable, VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import type { MemberCaller } from '../user/caller.ts';
import type { TableConfig } from './config.ts';
import { tablesRepository } from './repository.ts';

export interface Spot {
  type: string;
  amount: number;
  group: string;
}

/**
 * Spots as asked: known types, whole fen, each at least its group's minimum and a whole number of its type's stake
 * unit (so every payout is exact fen, never rounded: stakeUnit.ts — banker in 0.20-yuan steps); the same
 * type twice is one spot.
 */
export function spots(t: TableConfig, bets: { type: string; amount: string }[]): Spot[] {
  const merged = new Map<string, Spot>();
  for (const b of bets) {
    if (!tableBet(t.kind, t.variant ?? 'commission', b.type)) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_BET_TYPE' });
    const fen = parseWireAmount(b.amount);
    if (fen === null || fen <= 0) fail(StatusCode.INVALID_PARAMETER);
    const group = betGroup(t.kind, b.type);
    const s = merged.get(b.type) ?? { type: b.type, amount: 0, group };
    s.amount += fen;
    merged.set(b.type, s);
  }
  for (const s of merged.values()) {
    const l = t.limits[s.group]!;
    if (s.amount < l.min) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_LIMIT', vars: { min: yuan(l.min), max: yuan(l.max) } });
    const unit = stakeUnitFen(t.kind, t.variant ?? 'commission', s.type) ?? 1;
    if (s.amount % unit !== 0) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_STAKE_UNIT', vars: { unit: yuan(unit) } });
  }
  return [...merged.values()];
}

/** The member's stakes per group in a round plus these must stay within the group's maximum. */
export async function checkLimits(tx: Tx, t: TableConfig, memberId: string, rid: string, spots: Spot[]) {
  const have = await tablesRepository.stakesOn(tx, memberId, rid);
  const sums = new Map<string, number>();
  for (const b of have) sums.set(betGroup(t.kind, b.bet_type), (sums.get(betGroup(t.kind, b.bet_type)) ?? 0) + Number(b.amount));
  for (const s of spots) sums.set(s.group, (sums.get(s.group) ?? 0) + s.amount);
  for (const [g, sum] of sums) {
    const l = t.limits[g]!;
    if (sum > l.max) fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_LIMIT', vars: { min: yuan(l.min), max: yuan(l.max) } });
  }
}

/** The round open for bets now, read in the bet's transaction (share-locked on PostgreSQL), else 6007 '本局已停止下注'. */
export async function openRound(tx: Tx, dialect: Dialect, rid: string, now: number): Promise<TableRoundTable> {
  const round = await tablesRepository.roundForBet(tx, dialect, rid);
  if (!round || round.status !== 'betting' || now >= Number(round.closes_at) || now < Number(round.opens_at))
    fail(StatusCode.INVALID_PARAMETER, { key: 'TABLE_CLOSED' });
  return round;
}

export function betRow(
  t: TableConfig,
  ctx: MemberCaller,
  v: VenueTable,
  rid: string,
  seq: number,
  id: string,
  s: Spot,
  holdId: string,
  chaseId: string | null,
  now: number,
): TableBetTable {
  return {
    id,
    round_id: rid,
    table_code: t.code,
    seq,
    member_id: ctx.member.id,
    site_code: ctx.site.siteCode,
    channel_code: v.channel_code,
    bet_type: s.type,
    amount: s.amount,
    hold_id: holdId,
    status: 'pending',
    payout: 0,
    chase_id: chaseId,
    created_at: now,
    settled_at: null,
  };
}
