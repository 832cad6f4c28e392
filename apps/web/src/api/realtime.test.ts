import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, WS_LIMITS } from '@portal/contract';
import { createRealtimeClient, type SportEventPush } from './realtime.ts';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: any[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(m: unknown) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const push = (gameId: string, version: number, o: Partial<SportEventPush> = {}): SportEventPush => ({
  ts: 1,
  gameId,
  version,
  gameType: 'FT',
  showType: 'RB',
  leagueId: 'L',
  league: 'L',
  team_h: 'h',
  team_c: 'c',
  startAt: 0,
  status: 'live',
  suspended: false,
  resync: false,
  data: {
    league_id: 'L',
    re_time: '',
    t_count: 0,
    se_now: '',
    HalfTime: 0,
    inningNum: 0,
    gameStatus: 'LIVE',
    sc_FT_H: 0,
    sc_FT_C: 0,
    sc_FT_A: '0-0',
    sc_set_H: 0,
    sc_set_A: 0,
    sc_game_H: 0,
    sc_game_A: 0,
    isLive: true,
    gameType: 'FT',
  },
  markets: [],
  ...o,
});

function setup(credentials: { token: string; jwt: string } | null = null) {
  FakeSocket.all = [];
  return createRealtimeClient({
    WebSocket: FakeSocket as never,
    url: async () => 'ws://x/stream/ws?clientType=web&siteId=7000',
    credentials: async () => credentials,
    setTimeout: (...a: Parameters<typeof setTimeout>) => setTimeout(...a),
    clearTimeout: (t) => clearTimeout(t),
  });
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects on the first subscription, logs in as guest, subscribes; heartbeats every 10 s', async () => {
    const rt = setup();
    const got: SportEventPush[] = [];
    rt.subscribeSportEvents({ gameType: 'FT', showType: 'RB' }, (e) => got.push(e));
    await flush();
    expect(rt.status()).toBe('connecting');
    const ws = FakeSocket.all[0]!;
    expect(ws.url).toContain('clientType=web');
    ws.open();
    await flush();
    expect(ws.sent).toEqual([{ msgId: MSG.HEARTBEAT }, { msgId: MSG.GUEST_LOGIN }]);
    ws.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g1' } });
    expect(rt.status()).toBe('connected');
    expect(ws.sent[2]).toEqual({ msgId: MSG.SPORT_SUBSCRIBE, msgData: { sub: 1, gameType: 'FT', showType: 'RB', versions: {} } });
    await vi.advanceTimersByTimeAsync(WS_LIMITS.HEARTBEAT_MS - 1);
    expect(ws.sent.filter((m) => m.msgId === MSG.HEARTBEAT)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ws.sent.filter((m) => m.msgId === MSG.HEARTBEAT)).toHaveLength(2);
  });

  it('a member logs in with token and jwt', async () => {
    const rt = setup({ token: 't', jwt: 'j' });
    rt.subscribeSportEvents({ gameIds: ['FT-1'] }, () => undefined);
    await flush();
    FakeSocket.all[0]!.open();
    await flush();
    expect(FakeSocket.all[0]!.sent[1]).toEqual({ msgId: MSG.LOGIN, msgData: { token: 't', jwt: 'j' } });
  });

  it('delivers only newer versions to matching subscriptions; reconnects after 5 s and resubscribes with the versions it has', async () => {
    const rt = setup();
    const got: Array<[string, number]> = [];
    rt.subscribeSportEvents({ gameType: 'FT', versions: { 'FT-9': 4 } }, (e) => got.push([e.gameId, e.version]));
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    await flush();
    ws.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g1' } });
    for (const [id, v] of [
      ['FT-1', 1],
      ['FT-1', 3],
      ['FT-1', 2],
      ['FT-1', 3],
      ['FT-9', 4],
      ['FT-9', 5],
    ] as const)
      ws.receive({ msgId: MSG.SPORT_EVENT, msgData: push(id, v) });
    ws.receive({ msgId: MSG.SPORT_EVENT, msgData: push('BK-1', 1, { gameType: 'BK' }) });
    expect(got).toEqual([
      ['FT-1', 1],
      ['FT-1', 3],
      ['FT-9', 5],
    ]);
    ws.drop();
    expect(rt.status()).toBe('closed');
    await vi.advanceTimersByTimeAsync(WS_LIMITS.RECONNECT_MS - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    const again = FakeSocket.all[1]!;
    again.open();
    await flush();
    again.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g2' } });
    expect(again.sent.at(-1)).toEqual({
      msgId: MSG.SPORT_SUBSCRIBE,
      msgData: { sub: 1, gameType: 'FT', versions: { 'FT-9': 5, 'FT-1': 3 } },
    });
    again.receive({ msgId: MSG.SPORT_EVENT, msgData: push('FT-1', 3, { resync: true }) });
    again.receive({ msgId: MSG.SPORT_EVENT, msgData: push('FT-1', 6, { resync: true }) });
    expect(got.at(-1)).toEqual(['FT-1', 6]);
    expect(got).toHaveLength(4);
  });

  it('resync required reaches onResync; the last unsubscribe closes the socket and stops reconnecting', async () => {
    const rt = setup();
    const onResync = vi.fn();
    const off = rt.subscribeSportEvents({ gameType: 'FT' }, () => undefined, { onResync });
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    await flush();
    ws.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g1' } });
    ws.receive({ msgId: MSG.SPORT_RESYNC, msgData: { sub: 1, reason: 'snapshot_too_large' } });
    expect(onResync).toHaveBeenCalledTimes(1);
    off();
    expect(ws.sent.at(-1)).toEqual({ msgId: MSG.SPORT_UNSUBSCRIBE, msgData: { sub: 1 } });
    expect(ws.readyState).toBe(3);
    expect(rt.status()).toBe('closed');
    await vi.advanceTimersByTimeAsync(WS_LIMITS.RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('member pushes: the socket logs in as the member and hands each unread change on; a later member login resyncs', async () => {
    const rt = setup({ token: 't', jwt: 'j' });
    const kinds: string[] = [];
    const onResync = vi.fn();
    rt.subscribeMemberPushes((k) => kinds.push(k), { onResync });
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    await flush();
    expect(ws.sent[1]).toEqual({ msgId: MSG.LOGIN, msgData: { token: 't', jwt: 'j' } });
    ws.receive({ msgId: MSG.LOGIN, msgData: { userId: 'u1', name: 'player01' } });
    ws.receive({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: 'letter' } });
    ws.receive({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: 'feedback' } });
    expect(kinds).toEqual(['letter', 'feedback']);
    expect(onResync).not.toHaveBeenCalled();
    // Reconnected: pushes may have been missed while away.
    ws.drop();
    await vi.advanceTimersByTimeAsync(WS_LIMITS.RECONNECT_MS);
    const again = FakeSocket.all[1]!;
    again.open();
    await flush();
    again.receive({ msgId: MSG.LOGIN, msgData: { userId: 'u1', name: 'player01' } });
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('a guest socket (the sport pages) is upgraded by a member login; on logout it goes back to guest and hears no more pushes', async () => {
    let cred: { token: string; jwt: string } | null = null;
    FakeSocket.all = [];
    const rt = createRealtimeClient({
      WebSocket: FakeSocket as never,
      url: async () => 'ws://x/stream/ws?clientType=web&siteId=7000',
      credentials: async () => cred,
      setTimeout: (...a: Parameters<typeof setTimeout>) => setTimeout(...a),
      clearTimeout: (t) => clearTimeout(t),
    });
    rt.subscribeSportEvents({ gameType: 'FT' }, () => undefined);
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    await flush();
    ws.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g1' } });
    const kinds: string[] = [];
    ws.receive({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: 'letter' } }); // not a member socket: ignored
    cred = { token: 't', jwt: 'j' };
    const off = rt.subscribeMemberPushes((k) => kinds.push(k));
    await flush();
    expect(ws.sent.at(-1)).toEqual({ msgId: MSG.LOGIN, msgData: { token: 't', jwt: 'j' } });
    ws.receive({ msgId: MSG.LOGIN, msgData: { userId: 'u1', name: 'player01' } });
    expect(ws.sent.filter((m) => m.msgId === MSG.SPORT_SUBSCRIBE)).toHaveLength(1); // the subscription carries over
    ws.receive({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: 'letter' } });
    expect(kinds).toEqual(['letter']);
    off();
    expect(ws.sent.at(-1)).toEqual({ msgId: MSG.GUEST_LOGIN });
    expect(ws.readyState).toBe(1); // the sport subscription still needs it
    ws.receive({ msgId: MSG.GUEST_LOGIN, msgData: { guestId: 'g2' } });
    ws.receive({ msgId: MSG.MEMBER_UNREAD, msgData: { kind: 'letter' } });
    expect(kinds).toEqual(['letter']);
  });

  it('the last member listener leaving closes a socket nothing else needs', async () => {
    const rt = setup({ token: 't', jwt: 'j' });
    const off = rt.subscribeMemberPushes(() => undefined);
    await flush();
    const ws = FakeSocket.all[0]!;
    ws.open();
    await flush();
    ws.receive({ msgId: MSG.LOGIN, msgData: { userId: 'u1', name: 'player01' } });
    off();
    expect(ws.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(WS_LIMITS.RECONNECT_MS * 2);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
