import { sessionRepository } from '../user/repository.ts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join as pathJoin } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyLedger } from '../../ledger/verify.ts';
import { listAudit } from '../../ops/audit.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { bindPhone, nextPhone, runOpsCommand } from '../../test/flows.ts';
import { demoPromotions } from './demo.ts';
import { promoRepository } from './repository.ts';
import { verifySpin } from './types/draw.ts';
import { promotionJob } from '../../jobs/promotions.ts';
import { A, bet, call, central, deposit, info, join, promoMember, required, rewards } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const ops = (...argv: string[]) => runOpsCommand(h, 'alice', ...argv);

describe('draw gift (auditable wheel)', () => {
  it('spins are earned by deposits; the commit shown before a spin matches the revealed seed and the prize follows from it', async () => {
    const m = await promoMember(h);
    expect((await join(h, m, 'lucky-wheel-7000')).data.message).toBe('符合参与条件');
    const before = (await info(h, m, 'lucky-wheel-7000')).data.draw;
    expect(before).toMatchObject({ spinsEarned: 0, spinsLeft: 0 });
    expect((await join(h, m, 'lucky-wheel-7000', 'spin')).message).toBe('抽奖次数不足');
    await deposit(h, m, 300); // 3 spins
    const spins = [];
    for (let i = 0; i < 3; i++) {
      const commit = (await info(h, m, 'lucky-wheel-7000')).data.draw.nextCommit;
      const r = await join(h, m, 'lucky-wheel-7000', 'spin');
      expect(r.status_code, JSON.stringify(r)).toBe(6000);
      expect(r.data.spin.commit).toBe(commit);
      spins.push(r.data.spin);
    }
    expect((await join(h, m, 'lucky-wheel-7000', 'spin')).message).toBe('抽奖次数不足');
    const promo = (await promoRepository.byId(h.s.handle.db, 'lucky-wheel-7000'))!;
    const prizes = JSON.parse(promo.params_json).prizes;
    for (const s of spins) {
      expect(
        verifySpin(
          { seed: s.seed, commit_hash: s.commit, member_id: m.userId, spin_no: s.spinNo, prize_index: s.prizeIndex, hmac: s.hmac },
          prizes,
        ),
      ).toBe(true);
      expect(
        verifySpin(
          { seed: s.seed, commit_hash: s.commit, member_id: m.userId, spin_no: s.spinNo + 1, prize_index: s.prizeIndex, hmac: s.hmac },
          prizes,
        ),
      ).toBe(false);
    }
    const won = spins.reduce((a, s) => a + Math.round(Number(s.amount) * 100), 0);
    expect(await central(h, m)).toBe(30_000 + won);
    expect((await rewards(h, m.userId)).reduce((a, r) => a + Number(r.amount), 0)).toBe(won);
  });

  it('parallel spins with one spin left spin once', async () => {
    const m = await promoMember(h);
    await join(h, m, 'lucky-wheel-7000');
    await deposit(h, m, 100);
    const rs = await Promise.all(Array.from({ length: 6 }, () => join(h, m, 'lucky-wheel-7000', 'spin')));
    expect(rs.filter((r) => r.status_code === 6000)).toHaveLength(1);
    expect(await h.s.handle.db.selectFrom('promo_draw_spins').select('spin_no').where('member_id', '=', m.userId).execute()).toHaveLength(
      1,
    );
  });
});

describe('race', () => {
  it('ranks members by valid turnover; settled once after the end (ops), prizes with turnover', async () => {
    const now = Date.now();
    const input = {
      ...demoPromotions(7000).find((p) => p.type === 'race')!,
      id: 'race-test-7000',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
    };
    const dir = await mkdtemp(pathJoin(tmpdir(), 'promo-'));
    await writeFile(pathJoin(dir, 'race.json'), JSON.stringify(input));
    expect((await ops('promo:create', pathJoin(dir, 'race.json'))).code).toBe(0);
    expect((await ops('promo:create', pathJoin(dir, 'race.json'))).code).toBe(1);
    const a = await promoMember(h);
    const b = await promoMember(h);
    await bet(h, a, 500_000);
    await bet(h, b, 900_000);
    const d = await info(h, a, 'race-test-7000');
    const mine = d.data.race.board.find((r: { me: boolean }) => r.me);
    expect(mine).toMatchObject({ name: a.name, turnover: '5000.00' });
    expect(d.data.race.board.find((r: { turnover: string }) => r.turnover === '9000.00').name).toMatch(/\*\*\*\*/);
    expect((await join(h, a, 'race-test-7000')).message).toBe('该活动无需报名，符合条件自动参与');
    expect((await ops('promo:settle', 'race-test-7000')).code).toBe(1); // not ended yet
    expect((await ops('promo:end', 'race-test-7000')).code).toBe(0);
    const s = await ops('promo:settle', 'race-test-7000');
    expect(s.code).toBe(0);
    expect((await ops('promo:settle', 'race-test-7000')).code).toBe(1);
    const ra = await rewards(h, a.userId);
    const rb = await rewards(h, b.userId);
    // Other test members may have turnover too; a ranks below b.
    expect(Number(rb[0]!.ref)).toBeLessThan(Number(ra[0]!.ref));
    expect(await central(h, b)).toBe(Number(rb[0]!.amount));
    expect(await required(h, b)).toBe(Number(rb[0]!.amount));
    const audit = await listAudit(h.s.handle.db, { action: 'promo:settle' });
    expect(audit.map((x) => x.outcome)).toEqual(['failed', 'ok', 'failed']);
  });
});

describe('new-member tasks', () => {
  it('a done task is claimed once; an unfinished one is refused with its message', async () => {
    const m = await promoMember(h);
    const r = await join(h, m, 'newbie-tasks-7000', 'bind_phone');
    expect([r.status_code, r.message]).toEqual([6012, '任务尚未完成']);
    await bindPhone(h, m.token, nextPhone(), m.o);
    const ok = await join(h, m, 'newbie-tasks-7000', 'bind_phone');
    expect(ok.data.rewards[0]).toMatchObject({ amount: '8.00', source: '新人任务 · 绑定手机号' });
    expect((await join(h, m, 'newbie-tasks-7000', 'bind_phone')).message).toBe('该任务奖励已领取');
    const tasks = (await info(h, m, 'newbie-tasks-7000')).data.tasks;
    expect(tasks[0]).toEqual({ key: 'bind_phone', title: '绑定手机号', bonus: '8.00', done: true, claimed: true });
    await h.s.handle.db
      .updateTable('members')
      .set({ created_at: Date.now() - 8 * 86_400_000 })
      .where('id', '=', m.userId)
      .execute();
    sessionRepository.forget(h.s.handle.db); // written past the repository: the session cache must not keep the old row
    expect((await join(h, m, 'newbie-tasks-7000')).message).toBe('该活动仅限新注册会员参与');
  });
});

describe('friend invitation', () => {
  it('invite code and link; the invitee (registered with icode) appears masked; their qualifying deposit rewards the inviter once', async () => {
    const inviter = await promoMember(h);
    const inv = (await info(h, inviter, 'invite-friends-7000')).data.invite;
    expect(inv.code).toMatch(/^[A-Z2-9]{8}$/);
    // The brand has no configured address: the link is the address the member came to, never this machine's.
    const again = await h.call(
      `${A}confirmInfo`,
      { activityId: 'invite-friends-7000' },
      { ...inviter.o, headers: { host: 'jadebay.example' } },
    );
    expect(again.data.invite.link).toBe(`http://jadebay.example/?icode=${inv.code}`);
    expect(inv.link).not.toContain('8080');
    expect((await info(h, inviter, 'invite-friends-7000')).data.invite.code).toBe(inv.code);
    const friend = await promoMember(h, { iCode: inv.code });
    const row = await h.s.handle.db.selectFrom('members').select('icode').where('id', '=', friend.userId).executeTakeFirstOrThrow();
    expect(row.icode).toBe(inv.code);
    await deposit(h, friend, 50); // below 100: nothing
    expect(await rewards(h, inviter.userId)).toEqual([]);
    await deposit(h, friend, 200);
    await deposit(h, friend, 200);
    const rs = await rewards(h, inviter.userId);
    expect(rs.map((r) => [Number(r.amount), r.status, r.ref])).toEqual([[3_800, 'paid', friend.userId]]);
    expect(Number(rs[0]!.wagering)).toBe(3_800 * 3);
    const after = (await info(h, inviter, 'invite-friends-7000')).data.invite;
    expect(after.invitees).toEqual([expect.objectContaining({ qualified: true, rewardStatus: 'paid' })]);
    expect(after.invitees[0].name).toContain('****');
    expect(after.rewardTotal).toBe('38.00');
    // The friend sees none of this.
    expect((await info(h, friend, 'invite-friends-7000')).data.invite.invitees).toEqual([]);
  });

  it("an invitee on the inviter's own device is held for review; the operator pays it once (audited)", async () => {
    const inviter = await promoMember(h);
    const code = (await info(h, inviter, 'invite-friends-7000')).data.invite.code;
    const self = await promoMember(h, { iCode: code, uuid: inviter.o.uuid! });
    await deposit(h, self, 100);
    const [r] = await rewards(h, inviter.userId);
    expect(r).toMatchObject({ status: 'flagged', flag_reason: `invitee-device:${self.userId}` });
    expect(await central(h, inviter)).toBe(0);
    const list = await ops('promo:flagged');
    expect((list.out[0] as Array<{ reward: string }>).map((x) => x.reward)).toContain(r!.id);
    expect((await ops('promo:pay', r!.id)).code).toBe(0);
    expect((await ops('promo:pay', r!.id)).code).toBe(1);
    expect((await ops('promo:refuse', r!.id)).code).toBe(1);
    expect(await central(h, inviter)).toBe(3_800);
    expect(await required(h, inviter)).toBe(3_800 * 3);
    const [audit] = await listAudit(h.s.handle.db, { action: 'promo:pay' });
    expect(audit).toMatchObject({ actor: 'alice', target: r!.id });
  });
});

describe('operator commands and the job', () => {
  it('promo:end stops joins with the exact message; promo:list shows it ended', async () => {
    const m = await promoMember(h);
    await ops('promo:end', 'sign-in-7001');
    const r = await join(h, { ...m, o: { ...m.o } }, 'sign-in-7000');
    expect(r.status_code).toBe(6000);
    const other = await promoMember(h, { site: 7001 });
    const ended = await call(h, other, '/act/api/v1/promotion/joinActivity', { activityId: 'sign-in-7001' });
    expect([ended.status_code, ended.message]).toEqual([6012, '活動已結束']);
    const list = await ops('promo:list', '7001');
    expect((list.out[0] as Array<{ id: string; status: string }>).find((p) => p.id === 'sign-in-7001')!.status).toBe('ended');
  });

  it('a deposit event left pending (crash after the credit) is processed by the job, once', async () => {
    const m = await promoMember(h);
    await join(h, m, 'first-deposit-7000');
    const dies = vi.spyOn(h.s.effects, 'dispatch').mockResolvedValue(0); // the process dies right after the credit
    await deposit(h, m, 200);
    dies.mockRestore();
    expect(await rewards(h, m.userId)).toEqual([]);
    expect((await promotionJob(h.s.handle.db, h.s.effects)).effects).toBeGreaterThanOrEqual(1);
    expect((await promotionJob(h.s.handle.db, h.s.effects)).effects).toBe(0);
    expect((await rewards(h, m.userId)).map((r) => Number(r.amount))).toEqual([20_000]);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});
