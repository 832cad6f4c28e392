import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueDays, rebateJob } from '../../jobs/rebate.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { listAudit } from '../../ops/audit.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { payRebates } from './rebate.ts';
import { A, U, vipKit } from './testkit.ts';
import { runOpsCommand } from '../../test/flows.ts';
import { businessDay } from '@portal/rules';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});
const k = vipKit(() => h, 72);
const Y = 100;
const DAY = 86_400_000;
/** Noon (UTC+8) of a business day far enough in the past that no other suite's bets fall on it. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00+08:00`);
let dayNo = 0;
const freshDay = () => businessDay(Date.now() - (400 + ++dayNo) * DAY);

const ops = (...argv: string[]) => runOpsCommand(h, 'vip-ops', ...argv);

describe('daily rebate (洗码)', () => {
  it("pays valid turnover × the grade's rate per category, floored to the fen, once per member and day; wagering added", async () => {
    const day = freshDay();
    const a = await k.newMember();
    const b = await k.newMember();
    await k.bet(a.userId, 'TY', 12_345 * Y + 67, noonOf(day)); // VIP0 TY 0.40 % → 4938.268 → 4938 fen
    await k.bet(a.userId, 'DZ', 1_000 * Y, noonOf(day)); //         VIP0 DZ 0.45 % → 450 fen
    await k.bet(b.userId, 'CP', 10 * Y, noonOf(day)); //            VIP0 CP 0.20 % → 2 fen
    await k.bet(a.userId, 'TY', 50_000 * Y, noonOf(day) + DAY); // the next day: not this run's
    const first = await payRebates(h.s.handle.db, h.s.vip, day);
    expect(first).toMatchObject({ day, settled: 2, paid: 2, amountFen: 4_938 + 450 + 2, skipped: 0 });
    expect(await k.central(a.userId)).toBe(5_388);
    expect(await k.required(a.userId)).toBe(5_388);
    expect(await payRebates(h.s.handle.db, h.s.vip, day)).toMatchObject({ settled: 0, paid: 0, amountFen: 0, skipped: 2 });
    expect(await k.central(a.userId)).toBe(5_388);

    const rec = await k.call(`${A}vipWelfare/rebateRecords`, {}, a.token);
    expect(rec.data.total).toBe(1);
    expect(rec.data.list[0]).toMatchObject({ day, grade: 0, validTurnover: '13345.67', amount: '53.88' });
    expect(rec.data.list[0].details).toEqual([
      { category: 'TY', validTurnover: '12345.67', rateBp: 40, amount: '49.38' },
      { category: 'DZ', validTurnover: '1000.00', rateBp: 45, amount: '4.50' },
    ]);
    const strangers = await k.call(`${A}vipWelfare/rebateRecords`, { pageNum: 1 }, (await k.newMember()).token);
    expect(strangers.data).toEqual({ total: 0, list: [] });
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it("uses the grade reached (the job checks upgrades first) and the member's own brand ladder", async () => {
    const day = freshDay();
    const m = await k.newMember();
    await k.deposit(m.token, 1_000);
    await k.bet(m.userId, 'TY', 5_000 * Y, noonOf(day)); // reaches VIP1 (TY 0.46 %) on turnover alone
    const r = await payRebates(h.s.handle.db, h.s.vip, day);
    expect(r.amountFen).toBe(2_300);
    expect((await k.call(`${U}memberGradeInfoByGrade`, {}, m.token)).data.grade).toBe(1);
  });

  it('a run that crashes part-way is finished by the next without paying anyone twice; concurrent runs pay once', async () => {
    const day = freshDay();
    const members = await Promise.all(Array.from({ length: 5 }, () => k.newMember()));
    for (const m of members) await k.bet(m.userId, 'ZR', 1_000 * Y, noonOf(day)); // 0.40 % → 400 fen each
    let seen = 0;
    await expect(
      payRebates(h.s.handle.db, h.s.vip, day, {
        beforeMember: () => {
          if (++seen === 3) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    const paidSoFar = await Promise.all(members.map((m) => k.central(m.userId)));
    expect(paidSoFar.filter((c) => c === 400)).toHaveLength(2);
    const [x, y] = await Promise.all([payRebates(h.s.handle.db, h.s.vip, day), payRebates(h.s.handle.db, h.s.vip, day)]);
    expect(x!.paid + y!.paid).toBe(3);
    for (const m of members) expect(await k.central(m.userId)).toBe(400);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it('the job pays the last finished business days (2 h grace, 3 days of catch-up)', () => {
    const at = Date.parse('2026-11-20T01:30:00+08:00'); // 1.5 h into the 20th: the 19th is not final yet
    expect(dueDays(at)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18']);
    expect(dueDays(Date.parse('2026-11-20T02:00:00+08:00'))).toEqual(['2026-11-17', '2026-11-18', '2026-11-19']);
  });

  it('rebateJob runs every due day', async () => {
    const r = await rebateJob(h.s.handle.db, h.s.vip, Date.parse('2020-01-10T12:00:00+08:00'));
    expect(r.map((x) => x.day)).toEqual(['2020-01-07', '2020-01-08', '2020-01-09']);
  });
});

describe('operator commands', () => {
  it("vip:ladder shows a brand's ladder; vip:set edits a grade (audited) and refuses a non-monotonic ladder", async () => {
    const show = await ops('vip:ladder', '7001');
    expect(show.code).toBe(0);
    expect((show.out[0] as Array<{ grade: number; TY: string }>)[8]).toMatchObject({ grade: 8, TY: '1.00%' });

    expect((await ops('vip:set', '7001', '2', 'upgradeBonus=66.6', 'TY=0.5', 'weeklyTurnover=15000')).code).toBe(0);
    const g2 = (await h.call(`${U}memberGradeConfigList`, {}, { site: 7001 })).data[2];
    expect(g2).toMatchObject({ upgradeBonus: '66.60', weeklyTurnoverMin: '15000.00' });
    expect(g2.rebates[0]).toEqual({ category: 'TY', rateBp: 50 });
    const [row] = await listAudit(h.s.handle.db, { action: 'vip:set' });
    expect(row).toMatchObject({ actor: 'vip-ops', target: '7001/VIP2', outcome: 'ok' });

    const bad = await ops('vip:set', '7001', '3', 'deposit=10');
    expect(bad.code).toBe(1);
    expect(String(bad.out[0])).toContain('VIP3 thresholds are below VIP2');
    expect((await ops('vip:set', '7001', '2', 'colour=red')).code).toBe(2);
    expect((await ops('vip:set', '7001', '12', 'deposit=1')).code).toBe(2);
    expect((await ops('vip:set', '7001', '9', 'deposit=9000000', 'turnover=90000000', 'upgradeBonus=88888')).code).toBe(0);
    expect((await h.call(`${U}memberGradeConfigList`, {}, { site: 7001 })).data).toHaveLength(10);
  });

  it('vip:rebate pays one day (audited) and refuses a malformed day', async () => {
    const day = freshDay();
    const m = await k.newMember();
    await k.bet(m.userId, 'BY', 100 * Y, noonOf(day));
    expect((await ops('vip:rebate', day)).code).toBe(0);
    expect(await k.central(m.userId)).toBe(45);
    expect((await ops('vip:rebate', day)).code).toBe(0);
    expect(await k.central(m.userId)).toBe(45);
    expect((await ops('vip:rebate', '20-11-2026')).code).toBe(2);
    expect((await listAudit(h.s.handle.db, { action: 'vip:rebate' })).map((r) => r.outcome)).toEqual(['failed', 'ok', 'ok']);
  });
});
