import { REBATE_CATEGORIES, type RebateCategory } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { VipGradeTable } from '../../db/schema.ts';

/** The rate column of each venue category (basis points, 1 = 0.01 %). */
export const RATE_COLUMN = {
  TY: 'rebate_ty',
  ZR: 'rebate_zr',
  QP: 'rebate_qp',
  DZ: 'rebate_dz',
  CP: 'rebate_cp',
  DJ: 'rebate_dj',
  BY: 'rebate_by',
} as const satisfies Record<RebateCategory, keyof VipGradeTable>;

export const rateOf = (g: VipGradeTable | undefined, category: string): number =>
  g && category in RATE_COLUMN ? Number(g[RATE_COLUMN[category as RebateCategory]]) : 0;

/** Rebate of one category's valid turnover: floor(fen × bp / 10 000), never a fraction of a fen. */
export const rebateFen = (validFen: number, rateBp: number): number => Math.floor((validFen * rateBp) / 10_000);

/**
 * The highest grade whose thresholds are both met (cumulative credited deposits and cumulative valid
 * turnover). Grade 0 needs nothing. The ladder is kept monotonic by the operator commands.
 */
export function reachedGrade(ladder: readonly VipGradeTable[], depositFen: number, turnoverFen: number): number {
  let grade = 0;
  for (const g of ladder) {
    if (depositFen >= Number(g.deposit_min) && turnoverFen >= Number(g.turnover_min)) grade = Math.max(grade, g.grade);
  }
  return grade;
}

/** Ladder problems an edit must not introduce: thresholds never fall as grades rise, no negative amounts. */
export function ladderProblems(ladder: readonly VipGradeTable[]): string[] {
  const out: string[] = [];
  const sorted = [...ladder].sort((a, b) => a.grade - b.grade);
  sorted.forEach((g, i) => {
    if (g.grade !== i) out.push(`grades must run 0..n without gaps (found VIP${g.grade} at position ${i})`);
    const money = ['deposit_min', 'turnover_min', 'upgrade_bonus', 'birthday_bonus', 'weekly_bonus', 'weekly_turnover_min'] as const;
    for (const k of money)
      if (!Number.isSafeInteger(Number(g[k])) || Number(g[k]) < 0) out.push(`VIP${g.grade} ${k} must be a non-negative amount`);
    for (const c of REBATE_CATEGORIES) {
      const r = rateOf(g, c);
      if (!Number.isInteger(r) || r < 0 || r > 500) out.push(`VIP${g.grade} ${c} rate must be 0–5 %`);
    }
    if (g.bonus_multiple < 0 || g.bonus_multiple > 100 || g.rebate_multiple < 0 || g.rebate_multiple > 100)
      out.push(`VIP${g.grade} multiples must be 0–100`);
    const prev = sorted[i - 1];
    if (prev && (Number(g.deposit_min) < Number(prev.deposit_min) || Number(g.turnover_min) < Number(prev.turnover_min))) {
      out.push(`VIP${g.grade} thresholds are below VIP${prev.grade}'s`);
    }
  });
  if (sorted[0] && (Number(sorted[0].deposit_min) !== 0 || Number(sorted[0].turnover_min) !== 0)) out.push('VIP0 must need nothing');
  return out;
}

export function gradeView(g: VipGradeTable) {
  return {
    grade: g.grade,
    name: g.name,
    depositMin: yuan(g.deposit_min),
    turnoverMin: yuan(g.turnover_min),
    upgradeBonus: yuan(g.upgrade_bonus),
    birthdayBonus: yuan(g.birthday_bonus),
    weeklyBonus: yuan(g.weekly_bonus),
    weeklyTurnoverMin: yuan(g.weekly_turnover_min),
    bonusMultiple: g.bonus_multiple,
    rebateMultiple: g.rebate_multiple,
    rebates: REBATE_CATEGORIES.map((category) => ({ category, rateBp: rateOf(g, category) })),
  };
}

// --- The demo ladder seeded for brands without one (the operator edits it with `npm run ops -- vip:set`).

const Y = 100; // fen per yuan
/** [deposit, turnover, upgrade bonus, birthday bonus, weekly bonus, weekly turnover] in yuan, per grade. */
const DEMO_STEPS: readonly (readonly [number, number, number, number, number, number])[] = [
  [0, 0, 0, 0, 0, 0],
  [1_000, 5_000, 18, 18, 8, 5_000],
  [5_000, 30_000, 58, 38, 18, 20_000],
  [20_000, 100_000, 128, 88, 38, 50_000],
  [50_000, 300_000, 288, 188, 88, 100_000],
  [100_000, 800_000, 588, 388, 188, 200_000],
  [300_000, 2_000_000, 1_288, 888, 388, 400_000],
  [600_000, 5_000_000, 2_888, 1_688, 888, 800_000],
  [1_000_000, 10_000_000, 5_888, 2_888, 1_888, 1_500_000],
  [3_000_000, 30_000_000, 18_888, 5_888, 3_888, 3_000_000],
  [6_000_000, 80_000_000, 58_888, 10_888, 8_888, 6_000_000],
];
/** Rebate rate per category at VIP0 and at the top grade (bp); grades between are spaced evenly. */
const DEMO_RATES: Record<RebateCategory, readonly [number, number]> = {
  TY: [40, 100],
  ZR: [40, 100],
  QP: [40, 90],
  DZ: [45, 120],
  CP: [20, 60],
  DJ: [40, 100],
  BY: [45, 120],
};

/** A brand's demo ladder: `grades` steps of the table above (7001 runs a shorter one). */
export function demoLadder(siteCode: number, grades: number, now: number): VipGradeTable[] {
  const steps = DEMO_STEPS.slice(0, grades);
  const top = steps.length - 1;
  return steps.map(([dep, turn, up, birth, week, weekTurn], grade) => {
    const rate = (c: RebateCategory) => Math.round(DEMO_RATES[c][0] + ((DEMO_RATES[c][1] - DEMO_RATES[c][0]) * grade) / top);
    return {
      site_code: siteCode,
      grade,
      name: `VIP${grade}`,
      deposit_min: dep * Y,
      turnover_min: turn * Y,
      upgrade_bonus: up * Y,
      birthday_bonus: birth * Y,
      weekly_bonus: week * Y,
      weekly_turnover_min: weekTurn * Y,
      bonus_multiple: 1,
      rebate_multiple: 1,
      rebate_ty: rate('TY'),
      rebate_zr: rate('ZR'),
      rebate_qp: rate('QP'),
      rebate_dz: rate('DZ'),
      rebate_cp: rate('CP'),
      rebate_dj: rate('DJ'),
      rebate_by: rate('BY'),
      updated_at: now,
    };
  });
}

// --- Business weeks (Monday–Sunday of UTC+8 business days).

const DAY_MS = 86_400_000;
export const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The Monday of the week containing `day` ('YYYY-MM-DD'). */
export const mondayOf = (day: string): string => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
