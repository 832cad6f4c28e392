import { describe, expect, it } from 'vitest';
import { MSG, WS_LIMITS, clientMessage, serverMessage } from './realtime.ts';

const sub = (extra: Record<string, unknown> = {}) => ({
  msgId: MSG.SPORT_SUBSCRIBE,
  msgData: { sub: 1, gameType: 'FT', showType: 'RB', ...extra },
});

describe('realtime protocol', () => {
  it('client messages: heartbeat, logins, subscribe (versions default to none), unsubscribe', () => {
    expect(clientMessage.parse({ msgId: 0 })).toEqual({ msgId: 0 });
    expect(clientMessage.safeParse({ msgId: MSG.GUEST_LOGIN, msgData: {} }).success).toBe(true);
    expect(clientMessage.safeParse({ msgId: MSG.LOGIN, msgData: { token: 't', jwt: 'j' } }).success).toBe(true);
    expect(clientMessage.safeParse({ msgId: MSG.LOGIN, msgData: { token: 't' } }).success).toBe(false);
    expect(clientMessage.parse(sub())).toMatchObject({ msgData: { versions: {} } });
    expect(clientMessage.safeParse(sub({ gameIds: ['FT-1'], versions: { 'FT-1': 3 } })).success).toBe(true);
    expect(clientMessage.safeParse({ msgId: MSG.SPORT_UNSUBSCRIBE, msgData: { sub: 1 } }).success).toBe(true);
  });

  it('rejects unknown ids and fields, bad versions and past-limit lists', () => {
    expect(clientMessage.safeParse({ msgId: 10002, msgData: {} }).success).toBe(false);
    expect(clientMessage.safeParse(sub({ extra: 1 })).success).toBe(false);
    expect(clientMessage.safeParse(sub({ versions: { 'FT-1': -1 } })).success).toBe(false);
    expect(clientMessage.safeParse(sub({ versions: { 'FT-1': 1.5 } })).success).toBe(false);
    expect(clientMessage.safeParse(sub({ gameIds: ['bad id'] })).success).toBe(false);
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`FT-${i}`, i]));
    expect(clientMessage.safeParse(sub({ versions: many(WS_LIMITS.MAX_VERSIONS) })).success).toBe(true);
    expect(clientMessage.safeParse(sub({ versions: many(WS_LIMITS.MAX_VERSIONS + 1) })).success).toBe(false);
    expect(clientMessage.safeParse(sub({ gameIds: Array.from({ length: WS_LIMITS.MAX_GAME_IDS + 1 }, (_, i) => `FT-${i}`) })).success).toBe(
      false,
    );
    expect(clientMessage.safeParse(sub({ sub: 0 })).success).toBe(false);
  });

  it('server messages: resync required, error, login ok; a push needs its version and game data', () => {
    expect(serverMessage.safeParse({ msgId: MSG.SPORT_RESYNC, msgData: { sub: 1, reason: 'snapshot_too_large' } }).success).toBe(true);
    expect(serverMessage.safeParse({ msgId: MSG.ERROR, msgData: { code: 6001, reason: 'x' } }).success).toBe(true);
    expect(serverMessage.safeParse({ msgId: MSG.LOGIN, msgData: { userId: 'u', name: 'n' } }).success).toBe(true);
    expect(serverMessage.safeParse({ msgId: MSG.SPORT_EVENT, msgData: { gameId: 'FT-1', version: 1 } }).success).toBe(false);
  });

  it('ids stay outside the chat ranges of spec §4', () => {
    for (const id of [MSG.SPORT_SUBSCRIBE, MSG.SPORT_UNSUBSCRIBE, MSG.SPORT_EVENT, MSG.SPORT_RESYNC, MSG.ERROR]) {
      expect(id >= 10001 && id <= 10019).toBe(false);
      expect(id).not.toBe(60000);
    }
  });
});
