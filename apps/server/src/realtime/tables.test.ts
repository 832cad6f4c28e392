/**
 * Shared tables on the hub with real sockets: a guest watching a table gets its current state at once, then
 * each change of the dealer (on the bus) once, versions only growing; one who joins mid-round sees the round as it
 * is (never a step still to come); a reconnect with the version it had gets only what is newer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type TableStateWire } from '@portal/contract';
import { createHarness, type Harness } from '../test/harness.ts';
import { TableDealer } from '../modules/tables/dealer.ts';
import { TABLES } from '../modules/tables/config.ts';
import { tickUntil } from '../modules/tables/tableKit.ts';
import { tablePublisher } from './tables.ts';
import { drained, guest, wsUrl } from './testClient.ts';

let h: Harness;
let url: string;
let dealer: TableDealer;
beforeAll(async () => {
  h = await createHarness({ TABLE_SPEED: '10' }); // the service paces the reveal as the dealer does
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
  dealer = new TableDealer(
    h.s.handle.db,
    tablePublisher(h.s.bus, (e) => {
      throw e;
    }),
    { tables: TABLES.filter((t) => t.code === 'SB1'), speed: 10 },
  );
});
afterAll(async () => {
  await dealer.stop();
  await h.close();
});

const states = (s: { messages: Array<{ msgId: number; msgData: any }> }) =>
  s.messages.filter((m) => m.msgId === MSG.TABLE_STATE).map((m) => m.msgData as TableStateWire);

describe('table pushes', () => {
  it('a guest gets the current state on subscribe, then every change once, in version order, the result with its seed', async () => {
    await tickUntil(dealer, async () => !!(await h.s.tables.snapshot('SB1')));
    const s = await guest(url);
    s.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 1, gameCodes: ['SB1'], versions: {} } });
    await s.next((m) => m.msgId === MSG.TABLE_SUBSCRIBE);
    const first = (await s.next((m) => m.msgId === MSG.TABLE_STATE)).msgData as TableStateWire;
    expect(first).toMatchObject({ gameCode: 'SB1', kind: 'sicbo' });
    const seq = first.seq;
    await tickUntil(dealer, () => states(s).some((x) => x.seq === seq && x.status === 'settled'));
    const got = states(s);
    const versions = got.map((x) => x.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    const revealing = got.filter((x) => x.seq === seq && x.status === 'revealing');
    expect(revealing.map((x) => x.steps.length)).toEqual([...revealing.map((x) => x.steps.length)].sort());
    expect(revealing.every((x) => x.serverSeed === null && x.outcome === null)).toBe(true);
    const settled = got.find((x) => x.seq === seq && x.status === 'settled')!;
    expect(settled.steps).toHaveLength(3);
    expect(settled.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    // A reconnect with the version it had: nothing older or equal comes again.
    const t = await guest(url);
    t.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 7, gameCodes: ['SB1'], versions: { SB1: settled.version } } });
    await t.next((m) => m.msgId === MSG.TABLE_SUBSCRIBE);
    await drained(t);
    expect(states(t).every((x) => x.version > settled.version)).toBe(true);
    s.ws.close();
    t.ws.close();
  });

  it('a player joining mid-reveal sees the steps shown so far, not the ones to come', async () => {
    await tickUntil(dealer, async () => {
      const x = await h.s.tables.snapshot('SB1');
      return x?.status === 'revealing' && x.steps.length === 1;
    });
    const snap = (await h.s.tables.snapshot('SB1'))!;
    const s = await guest(url);
    s.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 2, gameCodes: ['SB1'], versions: {} } });
    const got = (await s.next((m) => m.msgId === MSG.TABLE_STATE)).msgData as TableStateWire;
    expect(got.seq).toBe(snap.seq);
    expect(got.steps.length).toBeLessThan(3);
    s.ws.close();
  });
});
