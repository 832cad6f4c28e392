/** Console venues & games and the sportsbook desk: each endpoint's rule and brand scope. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../ledger/verify.ts';
import { listAudit } from '../ops/audit.ts';
import { item, key, manualClock, player, prematch, resource, selection, venueFen } from '../modules/sport/testKit.ts';
import { freshMember } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
let content: StaffSession;
let trader: StaffSession;
let scoped: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  content = await staffSession(h, { roles: ['content'] });
  trader = await staffSession(h, { roles: ['trader'] });
  scoped = await staffSession(h, { roles: ['super_admin'], sites: [7001] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const launch = async (code: string, venue = 'CRDZ', site = 7000, lang = 'zh-CN') => {
  const m = await freshMember(h, { site });
  return h.call('/game/api/v1/launch', { enName: venue, gameCode: code }, { token: m.token, site, headers: { 'x-lang': lang } });
};

describe('venues and games', () => {
  it("a game set to maintenance at one brand answers 6415 on launch there only; sort and tags; another brand's staff: 6003", async () => {
    const list = await content.call('games/list', { siteCode: 7000, venue: 'CRDZ', pageSize: 50 });
    expect(list.data.list.map((g: { code: string }) => g.code)).toEqual(expect.arrayContaining(['H5001', 'H5002']));
    expect((await launch('H5003')).status_code).toBe(6000);
    const r = await content.call('games/set', { siteCode: 7000, code: 'H5003', status: 'maintenance', sort: -5, tags: ['hot'] });
    expect(r.status_code, JSON.stringify(r)).toBe(6000);
    expect(r.data.before.status).toBe('active');
    expect(r.data.after).toMatchObject({ status: 'maintenance', sort: -5, tags: ['hot'], updatedBy: content.username });
    expect((await launch('H5003')).status_code).toBe(6415);
    expect((await launch('H5003', 'CRDZ', 7001)).status_code).toBe(6000);
    expect((await content.call('games/list', { siteCode: 7000, status: 'maintenance' })).data.list[0].code).toBe('H5003');
    expect((await content.call('games/set', { siteCode: 7000, code: 'H5003' })).status_code).toBe(6007); // nothing to change
    expect((await content.call('games/set', { siteCode: 7000, code: 'NOPE', status: 'active' })).status_code).toBe(6004);
    expect((await scoped.call('games/set', { siteCode: 7000, code: 'H5003', status: 'active' })).status_code).toBe(6003);
    expect((await trader.call('games/set', { siteCode: 7000, code: 'H5003', status: 'active' })).status_code).toBe(6003);
    await content.call('games/set', { siteCode: 7000, code: 'H5003', status: 'active', tags: [] });
    expect((await launch('H5003')).status_code).toBe(6000);
    const [audit] = await listAudit(h.s.handle.db, { action: 'games/set', actor: content.username });
    expect(audit).toMatchObject({ site_code: 7000, target: '7000/H5003' });
  });

  it('a venue in maintenance answers 6415 at every brand; brand-scoped staff cannot change a shared venue', async () => {
    const venues = (await content.call('games/venues')).data as Array<{ code: string; status: string }>;
    expect(venues.find((v) => v.code === 'CRDZ')?.status).toBe('active');
    expect((await scoped.call('games/setVenue', { code: 'CRDZ', status: 'maintenance' })).status_code).toBe(6003);
    const r = await content.call('games/setVenue', { code: 'CRDZ', status: 'maintenance' });
    try {
      expect(r.data.after.status).toBe('maintenance');
      const plain = await launch('H5001', 'CRDZ', 7000);
      expect(plain.status_code).toBe(6415);
      expect((await launch('H5001', 'CRDZ', 7001)).status_code).toBe(6415);
      // The operator's message: players are told it (in zh-TW converted), the venue list shows it.
      const msg = await content.call('games/setVenue', {
        code: 'CRDZ',
        status: 'maintenance',
        message: '电子场馆升级维护，预计两小时后恢复',
      });
      expect(msg.data.after.message).toBe('电子场馆升级维护，预计两小时后恢复');
      expect(await launch('H5001')).toMatchObject({ status_code: 6415, message: '电子场馆升级维护，预计两小时后恢复' });
      expect(await launch('H5001', 'CRDZ', 7000, 'zh-TW')).toMatchObject({
        status_code: 6415,
        message: '電子場館升級維護，預計兩小時後恢復',
      });
      expect((await content.call('games/venues')).data.find((v: { code: string }) => v.code === 'CRDZ').message).toMatch(/^电子场馆/);
    } finally {
      await content.call('games/setVenue', { code: 'CRDZ', status: 'active' });
    }
    expect((await launch('H5001')).status_code).toBe(6000);
    expect((await content.call('games/venues')).data.find((v: { code: string }) => v.code === 'CRDZ').message).toBeNull();
    expect((await content.call('games/setVenue', { code: 'NOPE', sort: 1 })).status_code).toBe(6004);
  });
});

describe('sportsbook desk', () => {
  it('an event awaiting its result: the trader enters it, the bet is paid through the ledger; correcting it resettles', async () => {
    const clock = manualClock(h);
    const p = await player(h, 50_000);
    const e = prematch(clock.sim);
    const s = selection(e, '1X2'); // the home win
    const placed = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '100', idempotencyKey: key() });
    expect(placed.status_code, JSON.stringify(placed)).toBe(6000);
    const ticketId = placed.data.ticket_id as string;
    const awaiting = await trader.call('sport/events', { awaiting: true, pageSize: 100 });
    expect(awaiting.data.list.find((x: { eventId: string }) => x.eventId === e.gameId)).toMatchObject({ openBets: 1, result: null });
    expect((await scoped.call('sport/events', { awaiting: true, pageSize: 100 })).data.total).toBe(0);
    expect((await scoped.call('sport/result', { eventId: e.gameId, scoreH: 2, scoreC: 0 })).status_code).toBe(6003);

    const before = await venueFen(h, p.userId);
    const won = await trader.call('sport/result', { eventId: e.gameId, scoreH: 2, scoreC: 0 });
    expect(won.data).toEqual({ settled: 1 });
    const bets = await trader.call('sport/bets', { eventId: e.gameId });
    expect(bets.data.list[0]).toMatchObject({ ticketId, status: 'settled', result: 'W' });
    expect(bets.data.list[0].username).not.toBe(p.userId);
    const payout = bets.data.list[0].payoutFen as number;
    expect(payout).toBeGreaterThan(10_000);
    expect(await venueFen(h, p.userId)).toBe(before + payout);

    // A correction: restored and settled again as a loss.
    expect((await trader.call('sport/result', { eventId: e.gameId, scoreH: 0, scoreC: 1 })).data).toEqual({ settled: 1 });
    expect((await trader.call('sport/bets', { ticketId })).data.list[0]).toMatchObject({ result: 'L', payoutFen: 0 });
    expect(await venueFen(h, p.userId)).toBe(before);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('restore (A), cancel a bet with a reason (stake back), cancel an event; another brand sees no ticket (6004)', async () => {
    const clock = manualClock(h);
    const p = await player(h, 50_000);
    const e = prematch(clock.sim, 'FT', 1);
    const s = selection(e, '1X2');
    const placed = await resource(h, p, 'bet', { mode: 'single', items: [item(e, s.w, s.r)], stake: '50', idempotencyKey: key() });
    const ticketId = placed.data.ticket_id as string;
    const start = await venueFen(h, p.userId);
    expect((await trader.call('sport/restore', { ticketId })).status_code).toBe(6008); // not settled
    expect((await scoped.call('sport/cancel', { ticketId, code: 'D1' })).status_code).toBe(6004);
    expect((await trader.call('sport/cancel', { ticketId, code: 'X1' })).status_code).toBe(6007);
    const c = await trader.call('sport/cancel', { ticketId, code: 'D1' });
    expect(c.data).toMatchObject({ status: 'settled', result: 'D1', payoutFen: 5_000 });
    expect(await venueFen(h, p.userId)).toBe(start + 5_000);
    const r = await trader.call('sport/restore', { ticketId });
    expect(r.data).toMatchObject({ status: 'accepted', result: 'A' });
    expect(await venueFen(h, p.userId)).toBe(start);
    const ce = await trader.call('sport/cancelEvent', { eventId: e.gameId, code: 'D3' });
    expect(ce.data.settled).toBeGreaterThanOrEqual(1);
    expect((await trader.call('sport/bets', { ticketId })).data.list[0]).toMatchObject({ result: 'D3', payoutFen: 5_000 });
    expect((await trader.call('sport/settle')).status_code).toBe(6000);
    const [audit] = await listAudit(h.s.handle.db, { action: 'sport/cancel', actor: trader.username });
    expect(audit).toMatchObject({ target: ticketId, site_code: 7000, outcome: 'ok' });
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
