import { REBATE_CATEGORIES, type RebateCategory } from '@portal/contract';
import { formatAmount, parseAmount } from '@portal/rules';
import type { VipGradeTable } from '../../db/schema.ts';
import { UsageError, need, type OpsCommand } from '../../ops/command.ts';
import { RATE_COLUMN } from './ladder.ts';
import { editGrade } from './ladderEdit.ts';
import { payRebates } from './rebate.ts';
import { ladderRepository } from './repository.ts';

const pct = (bp: number) => `${(bp / 100).toFixed(2)}%`;

/** Fields `vip:set` accepts: amounts in yuan, multiples as integers, rates in percent (0.45 = 0.45 %). */
const AMOUNT_FIELDS = {
  deposit: 'deposit_min',
  turnover: 'turnover_min',
  upgradeBonus: 'upgrade_bonus',
  birthdayBonus: 'birthday_bonus',
  weeklyBonus: 'weekly_bonus',
  weeklyTurnover: 'weekly_turnover_min',
} as const satisfies Record<string, keyof VipGradeTable>;
const MULTIPLE_FIELDS = { bonusMultiple: 'bonus_multiple', rebateMultiple: 'rebate_multiple' } as const satisfies Record<
  string,
  keyof VipGradeTable
>;
export const VIP_SET_FIELDS = ['name', ...Object.keys(AMOUNT_FIELDS), ...Object.keys(MULTIPLE_FIELDS), ...REBATE_CATEGORIES];

const siteArg = (args: string[]) => {
  const site = Number(need(args, 0, 'site code'));
  if (!Number.isInteger(site)) throw new UsageError('site code must be a number');
  return site;
};

/** Applies `field=value` pairs to a grade row; throws a usage error on an unknown field or a bad value. */
export function applyFields(row: VipGradeTable, pairs: string[]): VipGradeTable {
  const out = { ...row };
  for (const pair of pairs) {
    const [field, value = ''] = pair.split('=', 2) as [string, string?];
    if (field === 'name') {
      if (!value || value.length > 20) throw new UsageError('name must be 1–20 characters');
      out.name = value;
    } else if (field in AMOUNT_FIELDS) {
      const fen = parseAmount(value);
      if (fen === null) throw new UsageError(`${field} must be an amount in yuan`);
      out[AMOUNT_FIELDS[field as keyof typeof AMOUNT_FIELDS]] = fen;
    } else if (field in MULTIPLE_FIELDS) {
      if (!/^\d{1,3}$/.test(value)) throw new UsageError(`${field} must be a whole number`);
      out[MULTIPLE_FIELDS[field as keyof typeof MULTIPLE_FIELDS]] = Number(value);
    } else if ((REBATE_CATEGORIES as readonly string[]).includes(field)) {
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(value)) throw new UsageError(`${field} must be a rate in percent, e.g. 0.45`);
      out[RATE_COLUMN[field as RebateCategory]] = Math.round(Number(value) * 100);
    } else {
      throw new UsageError(`unknown field ${field} (one of: ${VIP_SET_FIELDS.join(', ')})`);
    }
  }
  return out;
}

/** The VIP ladder and the rebate job until the console exists. */
export const vipCommands: OpsCommand[] = [
  {
    name: 'vip:ladder',
    args: '<site>',
    summary: "a brand's VIP ladder: thresholds, bonuses, rebate rates",
    mutates: false,
    async run(ctx, args) {
      const ladder = await ladderRepository.ladder(ctx.handle.db, siteArg(args));
      ctx.print(
        ladder.map((g) => ({
          grade: g.grade,
          name: g.name,
          deposit: formatAmount(g.deposit_min),
          turnover: formatAmount(g.turnover_min),
          upgrade: formatAmount(g.upgrade_bonus),
          birthday: formatAmount(g.birthday_bonus),
          weekly: formatAmount(g.weekly_bonus),
          weeklyTurnover: formatAmount(g.weekly_turnover_min),
          x: `${g.bonus_multiple}/${g.rebate_multiple}`,
          ...Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, pct(Number(g[RATE_COLUMN[c]]))])),
        })),
      );
    },
  },
  {
    name: 'vip:set',
    args: '<site> <grade> <field=value…>',
    target: (a) => `${a[0] ?? ''}/VIP${a[1] ?? ''}`,
    mutates: true,
    summary:
      'edit (or add the next) grade: deposit= turnover= upgradeBonus= birthdayBonus= weeklyBonus= weeklyTurnover= (yuan), bonusMultiple= rebateMultiple=, TY= ZR= QP= DZ= CP= DJ= BY= (%), name=',
    async run(ctx, args) {
      const site = siteArg(args);
      const grade = Number(need(args, 1, 'grade'));
      if (!Number.isInteger(grade) || grade < 0 || grade > 99) throw new UsageError('grade must be 0–99');
      if (args.length < 3) throw new UsageError('missing field=value');
      const r = await editGrade(ctx.handle.db, site, grade, (g) => applyFields(g, args.slice(2)));
      if (!r.ok && r.missing) throw new UsageError(`grade ${grade} does not exist; the next new grade is ${r.next}`);
      if (!r.ok) throw new Error(r.problems.join('; '));
      return { before: r.before, after: r.after };
    },
  },
  {
    name: 'vip:rebate',
    args: '<YYYY-MM-DD>',
    summary: 'pay the rebates (洗码) of one business day now (each member once per day)',
    mutates: true,
    async run(ctx, args) {
      const day = need(args, 0, 'business day');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) throw new UsageError('day must be YYYY-MM-DD');
      const s = await ctx.services();
      const r = await payRebates(ctx.handle.db, s.vip, day);
      ctx.print({ ...r, amount: formatAmount(r.amountFen) });
      return r;
    },
  },
];
