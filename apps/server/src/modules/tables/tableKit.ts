/** Helpers of the table tests and the bench: a player at the house tables, resource calls, a dealer on the test database. */
import { randomUUID } from 'node:crypto';
import type { TableStateWire } from '@portal/contract';
import type { Harness } from '../../test/harness.ts';
import { slotCall, slotPlayer, type SlotPlayer } from '../casino/slotKit.ts';
import { TableDealer, type DealerOptions } from './dealer.ts';
import { HOUSE_TABLES_ZR, HOUSE_LOTTERY_CP, TABLES } from './config.ts';

export const betKey = () => `tb-${randomUUID()}`;

export const tablePlayer = (h: Harness, fen: number, gameCode = 'BAC1', channel = HOUSE_TABLES_ZR) =>
  slotPlayer(h, fen, gameCode, undefined, channel);
export const lotteryPlayer = (h: Harness, fen: number, gameCode = 'K3') => slotPlayer(h, fen, gameCode, undefined, HOUSE_LOTTERY_CP);

export function tableCall(h: Harness, p: SlotPlayer, method: string, extra: Record<string, unknown> = {}, enName = 'crzr') {
  return h.call(
    '/game/api/v1/resource',
    { method, enName, Request: { timestamp: Date.now(), token: p.venueToken, langx: 'zh-cn', remoteip: '127.0.0.1', ...extra } },
    { token: p.token },
  );
}
export { slotCall };

/** A dealer for some tables on the harness's database; its pushes are collected. */
export function testDealer(h: Harness, codes: string[], opts: DealerOptions = {}) {
  const pushes: TableStateWire[] = [];
  const dealer = new TableDealer(h.s.handle.db, (s) => pushes.push(s), {
    tables: TABLES.filter((t) => codes.includes(t.code)),
    ...opts,
  });
  return { dealer, pushes };
}

/** The table's newest round still taking bets (undefined between rounds). */
export const bettingRound = (h: Harness, code: string) =>
  h.s.handle.db
    .selectFrom('table_rounds')
    .selectAll()
    .where('table_code', '=', code)
    .where('status', '=', 'betting')
    .orderBy('seq', 'desc')
    .executeTakeFirst();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ticks the dealer until `done` holds (or fails after `ms`). */
export async function tickUntil(dealer: TableDealer, done: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    await dealer.tick();
    if (await done()) return;
    if (Date.now() > end) throw new Error('tickUntil: timed out');
    await sleep(20);
  }
}
