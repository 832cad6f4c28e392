/**
 * The batch boundaries keep balances exact (a model test): several seats fire a random workload — valid shots at
 * random levels, forged hits, replayed keys, twins sent together, shots fired while the seat's batch is committing —
 * on nodes with batch windows of 0, 7 and 60 ms. After every round of it each wallet equals the model (funding −
 * the stakes of the shots answered + their wins), every answered shot is one row, a replay answers its first
 * answer, the ledger took one journal per batch, and the books balance. Both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@portal/contract';
import { CANNON_LEVELS_FEN, seededRng } from '@portal/games';
import { fail } from '../../lib/errors.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { fishOnScreen, shotKey, until } from './fishKit.ts';
import { deskCaller, deskNode, deskWallet, fundDesk } from './deskKit.ts';
import { FishingService } from './service.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  await h?.close();
});

const FUND = 200_000;

interface Answer {
  key: string;
  ok: boolean;
  stake: number;
  win: number;
  draw?: number;
}

async function fire(node: FishingService, member: string, roomId: string, fishId: string, level: number, key: string): Promise<Answer> {
  try {
    const r = await node.shoot(deskCaller(member, key), { roomId, fishId, level, angle: 0.5 });
    return { key, ok: true, stake: Math.round(Number(r.stake) * 100), win: Math.round(Number(r.win) * 100), draw: r.draw };
  } catch {
    return { key, ok: false, stake: 0, win: 0 };
  }
}

describe('fishing batches against a model of the wallets', () => {
  for (const windowMs of [0, 7, 60]) {
    it(`window ${windowMs} ms: wallets exact after every round, one journal per batch, replays answered the same`, async () => {
      const db = h.s.handle.db;
      const node = deskNode(db, { batchMs: windowMs, nodeId: `model-${windowMs}` });
      const rng = seededRng(`fishing-model-${windowMs}`);
      const members = [0, 1, 2].map((i) => `fm${windowMs}x${i}${Date.now().toString(36)}`);
      await fundDesk(db, `model-${windowMs}-${members[0]}`, members, FUND);
      const rooms: string[] = [];
      for (const m of members) rooms.push((await node.join(deskCaller(m), 'BY3')).state.roomId);
      const model = new Map(members.map((m) => [m, FUND]));
      const answered = new Map<string, Answer>();
      const journalsBefore = (await db.selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute()).length;
      for (let round = 0; round < 6; round++) {
        const tasks: Promise<Answer & { member: string }>[] = [];
        for (const [i, m] of members.entries()) {
          const state = await node.state(deskCaller(m), { roomId: rooms[i]!, since: 0 });
          const targets = fishOnScreen(state, 2000);
          const n = 1 + rng.int(4);
          for (let k = 0; k < n; k++) {
            const pick = rng.int(10);
            const level = 5 + rng.int(5);
            const old = [...answered.values()].filter((a) => a.key.startsWith(m));
            let fishId = targets[rng.int(Math.max(1, targets.length))]?.id ?? '0.0.0';
            let key = `${m}-${shotKey()}`.slice(0, 60);
            if (pick === 0) fishId = '99999.0.0'; // forged: not in the water
            if (pick === 1 && old.length) key = old[rng.int(old.length)]!.key; // a replay
            tasks.push(fire(node, m, rooms[i]!, fishId, level, key).then((a) => ({ ...a, member: m })));
            if (pick === 2) tasks.push(fire(node, m, rooms[i]!, fishId, level, key).then((a) => ({ ...a, member: m }))); // a twin
          }
        }
        if (rng.int(2) === 0) await node.flushAll();
        const results = await Promise.all(tasks);
        for (const a of results) {
          if (!a.ok) continue;
          const first = answered.get(a.key);
          if (first) {
            expect(a).toMatchObject({ stake: first.stake, win: first.win, draw: first.draw });
            continue;
          }
          answered.set(a.key, a);
          model.set(a.member, model.get(a.member)! - a.stake + a.win);
        }
        for (const m of members) expect(await balanceOf(db, deskWallet(m))).toBe(model.get(m));
      }
      const rows = await db
        .selectFrom('fishing_shots')
        .select(['shot_key', 'stake', 'batch_id'])
        .where('member_id', 'in', members)
        .execute();
      expect(rows.length).toBe(answered.size);
      expect(rows.every((r) => CANNON_LEVELS_FEN.includes(Number(r.stake) as (typeof CANNON_LEVELS_FEN)[number]))).toBe(true);
      const journals =
        (await db.selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute()).length - journalsBefore;
      expect(journals).toBe(new Set(rows.map((r) => r.batch_id)).size);
      if (windowMs === 60) expect(journals).toBeLessThan(rows.length); // shots shared batches
      expect(node.stats.shots).toBe(answered.size);
      await node.stop();
    }, 60_000);
  }
});

describe('one money step per node window', () => {
  it("every seat's shots of a window share one journal; a part refused inside it refuses only its own seat's shots", async () => {
    const db = h.s.handle.db;
    const refused = new Set<string>();
    // A gate refusing the members in `refused` inside the step (as a transfer in flight does).
    const node = new FishingService(
      db,
      { playable: () => Promise.resolve({} as never) },
      {
        check: () => Promise.resolve(),
        gate: (ctx) => ({
          locks: false,
          within: () =>
            refused.has(ctx.member.id) ? fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' }) : Promise.resolve(),
        }),
      },
      { batchMs: 60_000, nodeId: 'window-node' },
    );
    const members = [0, 1, 2].map((i) => `fw${i}${Date.now().toString(36)}`);
    await fundDesk(db, `window-${members[0]}`, members, FUND);
    const rooms: string[] = [];
    for (const m of members) rooms.push((await node.join(deskCaller(m), 'BY2')).state.roomId);
    const journals = async () =>
      (await db.selectFrom('ledger_journals').select('id').where('kind', '=', 'casino.fishing').execute()).length;
    const volley = async (round: number) => {
      const state = await node.state(deskCaller(members[0]!), { roomId: rooms[0]!, since: 0 });
      const fish = fishOnScreen(state, 2000);
      const shots = members.map((m, i) => fire(node, m, rooms[i]!, fish[i % fish.length]!.id, 3, `${m}-r${round}`));
      await until(() => node.batcher.queued === members.length);
      await node.flushAll();
      return Promise.all(shots);
    };
    const before = await journals();
    const first = await volley(1);
    expect(first.every((a) => a.ok)).toBe(true);
    expect((await journals()) - before).toBe(1);
    const batches = await db.selectFrom('fishing_shots').select('batch_id').where('member_id', 'in', members).execute();
    expect(new Set(batches.map((r) => r.batch_id)).size).toBe(1);
    for (const [i, m] of members.entries()) expect(await balanceOf(db, deskWallet(m))).toBe(FUND - first[i]!.stake + first[i]!.win);

    refused.add(members[1]!);
    const mid = await journals();
    const second = await volley(2);
    expect(second.map((a) => a.ok)).toEqual([true, false, true]);
    expect((await journals()) - mid).toBe(2); // the window's step failed: the two others each in their own
    expect(await db.selectFrom('fishing_shots').select('id').where('shot_key', '=', `${members[1]}-r2`).execute()).toEqual([]);
    expect(await balanceOf(db, deskWallet(members[1]!))).toBe(FUND - first[1]!.stake + first[1]!.win);
    for (const i of [0, 2])
      expect(await balanceOf(db, deskWallet(members[i]!))).toBe(FUND - first[i]!.stake + first[i]!.win - second[i]!.stake + second[i]!.win);
    await node.stop();
  });
});

describe('a room lost mid-window', () => {
  it("its seats' shots are refused (6302) and take nothing; the other rooms' shots of the window settle", async () => {
    const db = h.s.handle.db;
    const node = deskNode(db, { batchMs: 60_000, nodeId: 'lost-node' });
    const [a, b] = ['fla', 'flb'].map((x) => `${x}${Date.now().toString(36)}`) as [string, string];
    await fundDesk(db, `lost-${a}`, [a, b], FUND);
    const roomA = (await node.join(deskCaller(a), 'BY2')).state.roomId;
    const roomB = (await node.join(deskCaller(b), 'BY3')).state.roomId;
    const target = async (m: string, roomId: string) => fishOnScreen(await node.state(deskCaller(m), { roomId, since: 0 }), 2000)[0]!.id;
    const shots = [fire(node, a, roomA, await target(a, roomA), 3, `${a}-k`), fire(node, b, roomB, await target(b, roomB), 6, `${b}-k`)];
    await until(() => node.batcher.queued === 2);
    // Another node takes room A's lease (this one's expired unseen) while the shots wait for the window.
    await db
      .updateTable('table_leases')
      .set({ owner: 'other-node', expires_at: Date.now() + 60_000 })
      .where('table_code', '=', `fish:${roomA}`)
      .execute();
    await node.flushAll();
    const [ra, rb] = await Promise.all(shots);
    expect(ra!.ok).toBe(false);
    expect(rb!.ok).toBe(true);
    expect(await balanceOf(db, deskWallet(a))).toBe(FUND);
    expect(await balanceOf(db, deskWallet(b))).toBe(FUND - rb!.stake + rb!.win);
    expect(await db.selectFrom('fishing_shots').select('id').where('member_id', '=', a).execute()).toEqual([]);
    await db.deleteFrom('table_leases').where('table_code', '=', `fish:${roomA}`).execute();
    await node.stop();
  });
});
