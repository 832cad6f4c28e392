/** A real `ws` client for the hub's tests: queued messages, awaitable by predicate, and the close code. */
import { WebSocket } from 'ws';
import { MSG, WS_PATH, type SportEventPushWire } from '@portal/contract';

export interface TestSocket {
  ws: WebSocket;
  messages: Array<{ msgId: number; msgData: any }>;
  next(pred?: (m: { msgId: number; msgData: any }) => boolean, timeoutMs?: number): Promise<{ msgId: number; msgData: any }>;
  send(m: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
}

export function wsUrl(port: number, query = 'clientType=web&siteId=7000'): string {
  return `ws://127.0.0.1:${port}${WS_PATH}${query ? `?${query}` : ''}`;
}

export async function openSocket(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers });
  const messages: TestSocket['messages'] = [];
  let seen = 0;
  const waiters = new Set<() => void>();
  ws.on('message', (d) => {
    messages.push(JSON.parse(String(d)));
    for (const w of waiters) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    void closed.then(() => resolve());
  });
  const next: TestSocket['next'] = (pred = () => true, timeoutMs = 3_000) =>
    new Promise((resolve, reject) => {
      const look = () => {
        while (seen < messages.length) {
          const m = messages[seen++]!;
          if (pred(m)) {
            waiters.delete(look);
            clearTimeout(timer);
            resolve(m);
            return;
          }
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages.slice(-3))}`));
      }, timeoutMs);
      waiters.add(look);
      look();
    });
  return { ws, messages, next, send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)), closed };
}

export async function guest(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
  const s = await openSocket(url, headers);
  s.send({ msgId: MSG.GUEST_LOGIN });
  await s.next((m) => m.msgId === MSG.GUEST_LOGIN);
  return s;
}

/** A socket logged in as a member (session token + chat jwt, as the web client logs in). */
export async function memberSocket(url: string, token: string, jwt: string): Promise<TestSocket> {
  const s = await openSocket(url);
  s.send({ msgId: MSG.LOGIN, msgData: { token, jwt } });
  await s.next((m) => m.msgId === MSG.LOGIN);
  return s;
}

/** Resolves once everything the server sent `s` so far has arrived (the answer to a heartbeat comes after it). */
export async function drained(s: TestSocket): Promise<void> {
  s.send({ msgId: MSG.HEARTBEAT });
  await s.next((m) => m.msgId === MSG.HEARTBEAT);
}

/** A schema-valid push of an invented event (ids the simulator does not know). */
export function fakePush(gameId: string, version: number, o: Partial<SportEventPushWire> = {}): SportEventPushWire {
  return {
    ts: Date.now(),
    gameId,
    version,
    gameType: 'FT',
    showType: 'RB',
    leagueId: 'L1',
    league: '测试联赛',
    team_h: '主队',
    team_c: '客队',
    startAt: 0,
    status: 'live',
    suspended: false,
    resync: false,
    data: {
      league_id: 'L1',
      re_time: '10:00',
      t_count: 0,
      se_now: '1H',
      HalfTime: 0,
      inningNum: 0,
      gameStatus: 'LIVE',
      sc_FT_H: version,
      sc_FT_C: 0,
      sc_FT_A: `${version}-0`,
      sc_set_H: 0,
      sc_set_A: 0,
      sc_game_H: 0,
      sc_game_A: 0,
      isLive: true,
      gameType: 'FT',
    },
    markets: [{ type: '1X2', name: '独赢', kind: 'main', selections: [{ w: 'H', name: '主', r: 1900 + version }] }],
    ...o,
  };
}
