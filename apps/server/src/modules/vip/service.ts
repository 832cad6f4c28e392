import { REBATE_CATEGORIES, StatusCode, text, welfareItem, type TextKey } from '@portal/contract';
import { businessDay, yuan } from '@portal/rules';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { MemberTable, VipGradeTable, VipRewardTable } from '../../db/schema.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fail } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post } from '../../ledger/ledger.ts';
import { turnoverBetween, turnoverRepository } from '../turnover/repository.ts';
import { addDays, gradeView, mondayOf, rateOf, reachedGrade } from './ladder.ts';
import { ladderRepository, memberVipRepository, rebateRepository, rewardRepository } from './repository.ts';

type Item = z.input<typeof welfareItem>;
type Kind = VipRewardTable['kind'];
const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());
const pct = (have: number, need: number) => (need <= 0 ? 100 : Math.min(100, Math.floor((have * 100) / need)));
/** The journal memo's name of each reward (the ledger's record, in the source locale). */
const KIND_MEMO: Record<Kind, TextKey> = { upgrade: 'VIP_UPGRADE_BONUS', birthday: 'VIP_BIRTHDAY_BONUS', weekly: 'VIP_WEEKLY_BONUS' };
const REASON_TEXT: Record<string, TextKey> = {
  NO_BIRTHDAY: 'VIP_NO_BIRTHDAY',
  NOT_BIRTHDAY_MONTH: 'VIP_NOT_BIRTHDAY_MONTH',
  GRADE: 'VIP_GRADE_TOO_LOW',
  TURNOVER: 'VIP_WEEK_TURNOVER',
};

const sumValid = async (db: DbOrTx, memberId: string, fromDay: string, toDay: string) =>
  (await turnoverBetween(db, { memberId, fromDay, toDay })).reduce((s, r) => s + r.validFen, 0);

/** The business week the weekly reward is claimed in, and the week it rewards (the one before). */
export function weekOf(now: number) {
  const thisMonday = mondayOf(businessDay(now));
  const lastMonday = addDays(thisMonday, -7);
  return {
    today: businessDay(now),
    thisMonday,
    lastMonday,
    lastSunday: addDays(thisMonday, -1),
    claimUntil: new Date(Date.parse(`${addDays(thisMonday, 7)}T00:00:00+08:00`) - 1000).toISOString(),
  };
}

const rewardItem = (r: VipRewardTable): Item => ({
  id: `${r.kind}:${r.period}`,
  kind: r.kind,
  grade: r.grade,
  period: r.period,
  amount: yuan(r.amount),
  multiple: r.multiple,
  status: r.status,
  reason: null,
  claimedAt: iso(r.claimed_at),
});

/** Records the upgrade bonus of every grade in (from, to] (once each, ever: a row per member and grade). */
async function upgradeBonuses(
  tx: DbOrTx,
  memberId: string,
  siteCode: number,
  ladder: VipGradeTable[],
  from: number,
  to: number,
  now: number,
) {
  for (const g of ladder) {
    if (g.grade <= from || g.grade > to || g.upgrade_bonus <= 0) continue;
    await rewardRepository.insertOnce(tx, {
      id: randomId(),
      member_id: memberId,
      site_code: siteCode,
      kind: 'upgrade',
      period: String(g.grade),
      grade: g.grade,
      amount: g.upgrade_bonus,
      multiple: g.bonus_multiple,
      status: 'available',
      journal_id: null,
      created_at: now,
      claimed_at: null,
    });
  }
}

/**
 * VIP grades and welfare. A member's grade rises when the cumulative credited deposits and valid
 * turnover meet a grade's thresholds (checked after a credited deposit, by the daily rebate job and
 * when the member looks); it is never lowered by the system. Each grade reached earns its upgrade bonus
 * once, ever (a row per member and grade). Birthday (once a year, in the birthday month, confirmed
 * birthday) and weekly (last week's valid turnover) bonuses are claimed on the welfare page. Every
 * bonus is posted from house bonus_expense with its wagering multiple added to the withdrawal turnover.
 */
export class VipService {
  /**
   * `noDeposit(siteCode)`: the brand's vipNoSave flag — its grades need no deposit (存款), valid turnover alone
   * decides (docs/configuration.md "Brand flags").
   */
  constructor(
    private readonly db: Db,
    private readonly noDeposit: (siteCode: number) => boolean = () => false,
  ) {}

  ladder(siteCode: number, db: DbOrTx = this.db): Promise<VipGradeTable[]> {
    return ladderRepository.ladder(db, siteCode);
  }

  async configList(siteCode: number) {
    return (await this.ladder(siteCode)).map(gradeView);
  }

  /** Cumulative credited deposits and valid turnover (fen). */
  async totals(memberId: string, db: DbOrTx = this.db) {
    return {
      depositFen: await memberVipRepository.depositTotal(db, memberId),
      turnoverFen: await sumValid(db, memberId, '0000-01-01', '9999-12-31'),
    };
  }

  /** Raises the grade to what the thresholds allow; an upgrade bonus is recorded for every grade passed (once each, ever). */
  async checkUpgrade(memberId: string, siteCode: number, now = Date.now()) {
    const ladder = await this.ladder(siteCode);
    const totals = await this.totals(memberId);
    const current = await memberVipRepository.grade(this.db, memberId);
    const target = reachedGrade(ladder, this.noDeposit(siteCode) ? Number.MAX_SAFE_INTEGER : totals.depositFen, totals.turnoverFen);
    if (target > current) {
      await this.db.transaction().execute(async (tx) => {
        if (!(await memberVipRepository.raise(tx, memberId, siteCode, target, now))) return;
        await upgradeBonuses(tx, memberId, siteCode, ladder, current, target, now);
      });
    }
    return { grade: Math.max(target, current), ladder, totals };
  }

  /**
   * A grade set by hand (the console, permission member.vip): any grade of the brand's ladder, up or down. A
   * raise earns the upgrade bonus of every grade passed that the member never had (once each, ever, as a
   * raise by the thresholds does). Answers the grade before and after; an unknown grade is refused (6007).
   */
  async setGrade(memberId: string, siteCode: number, grade: number, now = Date.now()) {
    const ladder = await this.ladder(siteCode);
    const target = ladder.find((g) => g.grade === grade) ?? fail(StatusCode.INVALID_PARAMETER);
    return this.db.transaction().execute(async (tx) => {
      const before = await memberVipRepository.set(tx, memberId, siteCode, grade, now);
      if (grade > before) await upgradeBonuses(tx, memberId, siteCode, ladder, before, grade, now);
      return { before, grade, name: target.name };
    });
  }

  /** The upgrade check for a member known by id only (after a credited deposit). */
  async checkMember(memberId: string, now = Date.now()) {
    const siteCode = (await memberVipRepository.siteOf(this.db, [memberId])).get(memberId);
    return siteCode === undefined ? null : this.checkUpgrade(memberId, siteCode, now);
  }

  async info(m: MemberTable, askGrade: number | undefined, now = Date.now()) {
    const { grade, ladder, totals } = await this.checkUpgrade(m.id, m.site_code, now);
    const shown = ladder.find((g) => g.grade === (askGrade ?? grade));
    if (askGrade !== undefined && !shown) fail(StatusCode.NOT_FOUND);
    const next = ladder.find((g) => g.grade === grade + 1);
    const depositMin = this.noDeposit(m.site_code) ? 0 : (next?.deposit_min ?? 0);
    const depositProgress = next ? pct(totals.depositFen, depositMin) : 100;
    const turnoverProgress = next ? pct(totals.turnoverFen, next.turnover_min) : 100;
    return {
      grade,
      name: ladder.find((g) => g.grade === grade)?.name ?? `VIP${grade}`,
      depositTotal: yuan(totals.depositFen),
      turnoverTotal: yuan(totals.turnoverFen),
      next: next
        ? {
            grade: next.grade,
            name: next.name,
            depositMin: yuan(next.deposit_min),
            turnoverMin: yuan(next.turnover_min),
            depositNeeded: yuan(Math.max(0, depositMin - totals.depositFen)),
            turnoverNeeded: yuan(Math.max(0, next.turnover_min - totals.turnoverFen)),
          }
        : null,
      progress: Math.min(depositProgress, turnoverProgress),
      depositProgress,
      turnoverProgress,
      benefits: shown ? gradeView(shown) : null,
    };
  }

  async fanshui(m: MemberTable) {
    const ladder = await this.ladder(m.site_code);
    const grade = await memberVipRepository.grade(this.db, m.id);
    const mine = ladder.find((g) => g.grade === grade);
    return REBATE_CATEGORIES.map((category) => {
      const rates = ladder.map((g) => rateOf(g, category));
      return {
        category,
        rateBp: rateOf(mine, category),
        lowBp: rates.length ? Math.min(...rates) : 0,
        highBp: rates.length ? Math.max(...rates) : 0,
      };
    });
  }

  /** This year's birthday bonus as the member sees it (claimed, claimable, or why not). */
  private birthdayItem(
    m: MemberTable,
    grade: number,
    g: VipGradeTable | undefined,
    claimed: VipRewardTable | undefined,
    now: number,
  ): Item {
    if (claimed) return rewardItem(claimed);
    const today = businessDay(now);
    const reason =
      !m.birthday || !m.profile_confirmed
        ? 'NO_BIRTHDAY'
        : m.birthday.slice(5, 7) !== today.slice(5, 7)
          ? 'NOT_BIRTHDAY_MONTH'
          : !g || g.birthday_bonus <= 0
            ? 'GRADE'
            : null;
    return {
      id: `birthday:${today.slice(0, 4)}`,
      kind: 'birthday',
      grade,
      period: today.slice(0, 4),
      amount: yuan(g?.birthday_bonus ?? 0),
      multiple: g?.bonus_multiple ?? 0,
      status: reason ? 'unqualified' : 'available',
      reason,
      claimedAt: null,
    };
  }

  /** Last week's reward, claimable during this week. */
  private async weeklyItem(
    db: DbOrTx,
    m: MemberTable,
    grade: number,
    g: VipGradeTable | undefined,
    claimed: VipRewardTable | undefined,
    now: number,
  ): Promise<Item> {
    if (claimed) return rewardItem(claimed);
    const w = weekOf(now);
    const turnover = await sumValid(db, m.id, w.lastMonday, w.lastSunday);
    const reason = !g || g.weekly_bonus <= 0 ? 'GRADE' : turnover < Math.max(1, g.weekly_turnover_min) ? 'TURNOVER' : null;
    return {
      id: `weekly:${w.lastMonday}`,
      kind: 'weekly',
      grade,
      period: w.lastMonday,
      amount: yuan(g?.weekly_bonus ?? 0),
      multiple: g?.bonus_multiple ?? 0,
      status: reason ? 'unqualified' : 'available',
      reason,
      claimedAt: null,
    };
  }

  /** Every welfare item of the member now (db: the claim's transaction, or the pool). */
  private async items(db: DbOrTx, m: MemberTable, now: number) {
    const grade = await memberVipRepository.grade(db, m.id);
    const g = (await this.ladder(m.site_code, db)).find((x) => x.grade === grade);
    const rewards = await rewardRepository.list(db, m.id);
    const find = (kind: Kind, period: string) => rewards.find((r) => r.kind === kind && r.period === period);
    const w = weekOf(now);
    return {
      grade,
      g,
      items: [
        ...rewards
          .filter((r) => r.kind === 'upgrade')
          .sort((a, b) => a.grade - b.grade)
          .map(rewardItem),
        this.birthdayItem(m, grade, g, find('birthday', w.today.slice(0, 4)), now),
        await this.weeklyItem(db, m, grade, g, find('weekly', w.lastMonday), now),
      ],
    };
  }

  async welfare(m: MemberTable, now = Date.now()) {
    await this.checkUpgrade(m.id, m.site_code, now);
    const { grade, items } = await this.items(this.db, m, now);
    return { grade, items };
  }

  async weekInfo(m: MemberTable, now = Date.now()) {
    const { grade } = await this.checkUpgrade(m.id, m.site_code, now);
    const g = (await this.ladder(m.site_code)).find((x) => x.grade === grade);
    const w = weekOf(now);
    const claimed = await rewardRepository.find(this.db, m.id, 'weekly', w.lastMonday);
    const item = await this.weeklyItem(this.db, m, grade, g, claimed, now);
    return {
      grade,
      weekStart: w.lastMonday,
      weekEnd: w.lastSunday,
      lastWeekTurnover: yuan(await sumValid(this.db, m.id, w.lastMonday, w.lastSunday)),
      thisWeekTurnover: yuan(await sumValid(this.db, m.id, w.thisMonday, w.today)),
      turnoverMin: yuan(g?.weekly_turnover_min ?? 0),
      reward: yuan(g?.weekly_bonus ?? 0),
      claimUntil: w.claimUntil,
      item,
    };
  }

  /** Claims one item: credited once (same Idempotency-Key → same answer; another key → 6009 claimed). */
  async claim(ctx: MemberCaller, id: string, now = Date.now()): Promise<Item> {
    const m = await ctx.member.row();
    await this.checkUpgrade(m.id, m.site_code, now);
    const claimed = await moneyStep(
      this.db,
      async (tx): Promise<Item> => {
        const [kind, period] = id.split(':') as [string, string | undefined];
        if (kind === 'upgrade') {
          const r = await rewardRepository.find(tx, m.id, 'upgrade', period ?? '');
          if (!r) fail(StatusCode.NOT_FOUND, { key: 'VIP_REWARD_NOT_FOUND' });
          if (!(await rewardRepository.markClaimed(tx, r.id, now))) fail(StatusCode.DATA_EXISTS, { key: 'VIP_REWARD_CLAIMED' });
          return this.pay(tx, { ...r, status: 'claimed', claimed_at: now }, now);
        }
        const { g, items } = await this.items(tx, m, now);
        const item = items.find((x) => x.id === id && x.kind !== 'upgrade');
        if (!item) fail(StatusCode.NOT_FOUND, { key: 'VIP_REWARD_NOT_FOUND' });
        if (item.status === 'claimed') fail(StatusCode.DATA_EXISTS, { key: 'VIP_REWARD_CLAIMED' });
        if (item.reason || !g) fail(StatusCode.INVALID_PARAMETER, { key: REASON_TEXT[item.reason ?? 'GRADE']! });
        const row: VipRewardTable = {
          id: randomId(),
          member_id: m.id,
          site_code: m.site_code,
          kind: item.kind,
          period: item.period,
          grade: item.grade,
          amount: item.kind === 'birthday' ? g.birthday_bonus : g.weekly_bonus,
          multiple: g.bonus_multiple,
          status: 'claimed',
          journal_id: null,
          created_at: now,
          claimed_at: now,
        };
        if (!(await rewardRepository.insertOnce(tx, row))) fail(StatusCode.DATA_EXISTS, { key: 'VIP_REWARD_CLAIMED' });
        return this.pay(tx, row, now);
      },
      // The item as claimed is stored (a replay answers it as it was).
      { scope: `vip:${m.id}`, key: ctx.requestKey, request: { id }, store: { after: (v) => v }, decode: welfareItem.parse },
    );
    return claimed.fresh ? claimed.value : claimed.stored;
  }

  /** Posts a claimed reward: house bonus_expense → the member's central wallet, plus its wagering requirement. */
  private async pay(tx: DbOrTx, r: VipRewardTable, now: number): Promise<Item> {
    const { journalId } = await post(
      tx,
      {
        kind: 'bonus',
        currency: 'CNY',
        refType: `vip_${r.kind}`,
        refId: r.id,
        memberId: r.member_id,
        memo: `VIP${r.grade} ${text(KIND_MEMO[r.kind], 'zh-CN')}`,
        idemKey: `vip:${r.member_id}:${r.kind}:${r.period}`,
        lines: [
          { account: houseAccount('bonus_expense'), amount: -r.amount },
          { account: memberAccount(r.member_id, 'central'), amount: r.amount },
        ],
      },
      now,
    );
    await rewardRepository.setJournal(tx, r.id, journalId);
    if (r.multiple > 0) await turnoverRepository.add(tx, r.member_id, 'required', r.amount * r.multiple);
    return rewardItem(r);
  }

  async rebateRecords(memberId: string, pageNum = 1, pageSize = 20) {
    const r = await rebateRepository.page(this.db, memberId, pageNum, pageSize);
    return {
      total: r.total,
      list: r.list.map((x) => ({
        day: x.day,
        grade: x.grade,
        validTurnover: yuan(x.valid),
        amount: yuan(x.amount),
        paidAt: iso(x.paid_at)!,
        details: (
          JSON.parse(x.detail) as Array<{ category: (typeof REBATE_CATEGORIES)[number]; valid: number; rateBp: number; amount: number }>
        ).map((d) => ({ category: d.category, validTurnover: yuan(d.valid), rateBp: d.rateBp, amount: yuan(d.amount) })),
      })),
    };
  }
}
