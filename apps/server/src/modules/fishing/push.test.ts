/**
 * Other seats' shots arrive by the realtime hub, not by polling: a socket subscribed to the room (the tables' channel,
 * the room id as its code) gets each committed shot of another seat in a push — the event the room's state lists
 * too, with the same seq — versions only growing; a socket of another room gets nothing of it. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type FishRoomPushWire } from '@portal/contract';
import { createHarness, type Harness } from '../../test/harness.ts';
import { drained, guest, wsUrl } from '../../realtime/testClient.ts';
import { fishOnScreen, fishPlayer, roomState, shoot, until } from './fishKit.ts';

let h: Harness;
let url: string;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  url = wsUrl((h.app.server.address() as { port: number }).port);
});
afterAll(async () => {
  await h.s.fishing.stop();
  await h?.close();
});

const pushes = (s: { messages: Array<{ msgId: number; msgData: any }> }, roomId: string) =>
  s.messages.filter((m) => m.msgId === MSG.TABLE_STATE && m.msgData.gameCode === roomId).map((m) => m.msgData as FishRoomPushWire);

describe('fishing pushes on the hub', () => {
  it("a seat's socket gets another seat's committed shots pushed (the state's events, same seq); another room's socket does not", async () => {
    const a = await fishPlayer(h, 100_000);
    const b = await fishPlayer(h, 100_000);
    expect(b.roomId).toBe(a.roomId);
    const watcher = await guest(url);
    watcher.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 1, gameCodes: [a.roomId], versions: {} } });
    await watcher.next((m) => m.msgId === MSG.TABLE_SUBSCRIBE);
    const elsewhere = await guest(url);
    elsewhere.send({ msgId: MSG.TABLE_SUBSCRIBE, msgData: { sub: 1, gameCodes: ['BY1-999'], versions: {} } });
    await elsewhere.next((m) => m.msgId === MSG.TABLE_SUBSCRIBE);

    const targets = fishOnScreen(await roomState(h, a), 3000);
    const answers = await Promise.all([shoot(h, a, targets[0]!.id), shoot(h, a, targets[1]?.id ?? targets[0]!.id)]);
    const ok = answers.filter((r) => r.status_code === 6000);
    expect(ok.length).toBeGreaterThan(0);
    // Pushed: no state asked by the watcher.
    await until(() => pushes(watcher, a.roomId).flatMap((p) => p.events).length >= ok.length, 5_000);
    const got = pushes(watcher, a.roomId);
    expect(got.every((p) => p.kind === 'fishing' && p.status === 'live')).toBe(true);
    const versions = got.map((p) => p.version);
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    const events = got.flatMap((p) => p.events);
    expect(events.every((e) => e.seat === a.seat)).toBe(true);
    expect(events.map((e) => e.fishId).sort()).toEqual(ok.map((r) => r.data.fishId).sort());
    // The same events, same seqs, in the room's state (a page's resync after a gap).
    const state = await roomState(h, b);
    for (const e of events) expect(state.events).toContainEqual(e);
    await drained(elsewhere);
    expect(pushes(elsewhere, a.roomId)).toEqual([]);
    watcher.ws.close();
    elsewhere.ws.close();
  });
});
