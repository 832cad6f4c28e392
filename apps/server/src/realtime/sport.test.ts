/**
 * The feed → bus → hub path without sockets: the simulator's changes become full-event pushes that
 * pass the contract's schema, versions only grow; a slow socket is dropped, floors hold.
 */
import { describe, expect, it } from 'vitest';
import { WS_CLOSE, sportEventPush } from '@portal/contract';
import { SportsbookSimulator } from '../venues/sportsbook/simulator.ts';
import { MemoryBus } from './bus.ts';
import { Connection, MAX_BUFFERED_BYTES } from './connection.ts';
import { SPORT_TOPIC, SportState, matches, publishFeed } from './sport.ts';
import { fakePush } from './testClient.ts';

describe('publishFeed', () => {
  it('publishes every new version of the live events as a schema-valid full event, versions growing per event', () => {
    let now = Date.UTC(2025, 5, 1, 12, 0);
    const feed = new SportsbookSimulator({ now: () => now, margin: 0.05, seed: 'rt-test' });
    const bus = new MemoryBus();
    const got: string[] = [];
    bus.subscribe(SPORT_TOPIC, (j) => got.push(j));
    const off = publishFeed(feed, bus, 'node', (e) => {
      throw e;
    });
    for (let i = 0; i < 30; i++) {
      feed.tick();
      now += 20_000;
    }
    off();
    expect(got.length).toBeGreaterThan(10);
    const last = new Map<string, number>();
    let priced = 0;
    for (const j of got) {
      const p = sportEventPush.parse(JSON.parse(j));
      expect(p.version).toBeGreaterThan(last.get(p.gameId) ?? -1);
      last.set(p.gameId, p.version);
      if (p.markets.length > 0 || p.status === 'finished') priced++;
      expect(p.resync).toBe(false);
    }
    // A live event in its closing minutes, or with every price out of the band, is pushed with no market (suspended); most carry prices.
    expect(priced).toBeGreaterThan(got.length / 2);
    expect(JSON.parse(got[0]!)).toHaveProperty('ts');
    expect(got[0]!.startsWith('{"ts":')).toBe(true); // the bench reads ts without a full parse
  });
});

describe('SportState', () => {
  it('keeps the newest version per event only', () => {
    const s = new SportState(() => null);
    const e = (v: number) => ({ push: fakePush('XX-1', v), json: '' });
    expect(s.accept(e(2))).toBe(true);
    expect(s.accept(e(2))).toBe(false);
    expect(s.accept(e(1))).toBe(false);
    expect(s.accept(e(3))).toBe(true);
    expect(s.current('XX-1')!.version).toBe(3);
    expect(s.current('XX-404')).toBeNull();
    expect([...s.matching({ gameType: 'FT', showType: 'RB' })].map((p) => p.gameId)).toEqual(['XX-1']);
    expect([...s.matching({ gameType: 'BK' })]).toEqual([]);
  });

  it('matches by game ids, type and show type together', () => {
    const e = { gameId: 'FT-1', gameType: 'FT', showType: 'RB' };
    expect(matches({}, e)).toBe(true);
    expect(matches({ gameIds: ['FT-2'] }, e)).toBe(false);
    expect(matches({ gameIds: ['FT-1'], showType: 'FT' }, e)).toBe(false);
    expect(matches({ gameType: 'FT', showType: 'RB', gameIds: [] }, e)).toBe(true);
  });
});

describe('Connection', () => {
  const fakeWs = (buffered: number) => {
    const calls: Array<[string, unknown]> = [];
    return {
      calls,
      ws: {
        OPEN: 1,
        readyState: 1,
        bufferedAmount: buffered,
        send: (d: string) => calls.push(['send', d]),
        close: (code: number) => calls.push(['close', code]),
        terminate: () => calls.push(['terminate', 0]),
      },
    };
  };

  it(`drops a client whose unsent bytes exceed ${MAX_BUFFERED_BYTES} (${WS_CLOSE.SLOW_CONSUMER}) instead of queueing more`, () => {
    const ok = fakeWs(MAX_BUFFERED_BYTES);
    expect(new Connection(1, ok.ws as never, '1.1.1.1', 7000, 0).send('x')).toBe(true);
    const slow = fakeWs(MAX_BUFFERED_BYTES + 1);
    const c = new Connection(2, slow.ws as never, '1.1.1.1', 7000, 0);
    expect(c.send('x')).toBe(false);
    expect(c.closed).toBe(true);
    expect(slow.calls).toEqual([['close', WS_CLOSE.SLOW_CONSUMER]]);
  });

  it('a floor holds back versions at or below it, then lets newer ones through', () => {
    const c = new Connection(1, fakeWs(0).ws as never, '1.1.1.1', 7000, 0);
    c.setFloor('A', 5);
    c.setFloor('A', 3); // never lowered
    expect(c.passes('A', 5)).toBe(false);
    expect(c.passes('A', 6)).toBe(true);
    expect(c.passes('B', 1)).toBe(true);
  });
});
