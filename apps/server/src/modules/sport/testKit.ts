/** Helpers of the sportsbook API tests: a funded CRTY wallet through the real venue transfer, launch, resource calls. */
import { randomUUID } from 'node:crypto';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import type { FeedEvent, FeedGameType } from '../../providers/oddsFeed.ts';
import { creditCentral, nextIp } from '../../test/flows.ts';
import type { Harness } from '../../test/harness.ts';
import type { SportsbookSimulator } from '../../venues/sportsbook/simulator.ts';
import { businessDay } from '@portal/rules';

export const G = '/game/api/v1/';
export const key = () => `k-${randomUUID()}`;

export interface Player {
  token: string;
  userId: string;
  venueToken: string;
}

/** A member with `fen` in the sportsbook wallet, moved there by the wallet's venue transfer. */
export async function player(h: Harness, fen: number): Promise<Player> {
  const m = await h.member(undefined, undefined, { ip: nextIp() });
  await creditCentral(h, m.userId, fen);
  const t = await h.call(
    '/fd/api/v1/transfer/utcTransfer',
    { channelCode: 'CRTY', amount: (fen / 100).toFixed(2), ty: 1 },
    { token: m.token, headers: { 'idempotency-key': key() } },
  );
  if (t.status_code !== 6000) throw new Error(JSON.stringify(t));
  const l = await h.call(`${G}launch`, { enName: 'CRTY', gameCode: 'sport' }, { token: m.token });
  return { token: m.token, userId: m.userId, venueToken: l.data.data.token };
}

export function resource(h: Harness, p: Player, method: string, extra: Record<string, unknown> = {}) {
  return h.call(
    `${G}resource`,
    { method, enName: 'CRTY', Request: { timestamp: Date.now(), token: p.venueToken, langx: 'zh-cn', remoteip: '127.0.0.1', ...extra } },
    { token: p.token },
  );
}

export const venueFen = (h: Harness, userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'venue', 'CNY', 'CRTY'));

/** The simulator on a manual clock the test moves; by default 10:00 of today's business day (plenty of today's games). */
export function manualClock(h: Harness, start = Date.parse(`${businessDay(Date.now())}T10:00:00+08:00`)) {
  const sim = h.s.sportFeed as SportsbookSimulator;
  let now = start;
  sim.opts.now = () => now;
  return {
    sim,
    set: (ms: number) => {
      now = ms;
    },
    get: () => now,
  };
}

/** A not-started event (today's, else an early one) with every market priced. */
export function prematch(sim: SportsbookSimulator, gameType: FeedGameType = 'FT', skip = 0): FeedEvent {
  const today = sim.list({ gameType, showType: 'FT', pageSize: 50 }).events;
  const list = [...today, ...sim.list({ gameType, showType: 'FU', pageSize: 50 }).events];
  return list[skip]!;
}

export function item(e: { gameId: string; team_h: string; team_c: string }, w: string, r: number) {
  return { gameInfo: { gameId: e.gameId, team_h: e.team_h, team_c: e.team_c }, playInfo: { w }, oddInfo: { r, gameId: e.gameId } };
}

export function selection(e: FeedEvent, type: string, n = 0) {
  const s = e.markets.find((m) => m.type === type)!.selections[n]!;
  return { w: s.w, r: s.r };
}
