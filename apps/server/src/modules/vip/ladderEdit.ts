/** Editing a brand's VIP ladder (ops vip:set, the console's VIP screen): one grade at a time, the ladder kept sound. */
import type { Db } from '../../db/connect.ts';
import type { VipGradeTable } from '../../db/schema.ts';
import { ladderProblems } from './ladder.ts';
import { ladderRepository } from './repository.ts';

export type GradeEdit =
  | { ok: true; before: VipGradeTable | null; after: VipGradeTable }
  /** The grade does not exist and is not the next one (`next`). */
  | { ok: false; missing: true; next: number }
  | { ok: false; missing: false; problems: string[] };

/**
 * Applies `change` to grade `grade` of a brand (or to a new grade copied from the top one, when `grade` is the
 * next number) and stores it when the whole ladder stays sound (ladderProblems), in one transaction.
 */
export function editGrade(db: Db, site: number, grade: number, change: (g: VipGradeTable) => VipGradeTable): Promise<GradeEdit> {
  return db.transaction().execute(async (tx): Promise<GradeEdit> => {
    const ladder = await ladderRepository.ladder(tx, site);
    const before = ladder.find((g) => g.grade === grade) ?? null;
    if (!before && grade !== ladder.length) return { ok: false, missing: true, next: ladder.length };
    const top = ladder[ladder.length - 1];
    const base: VipGradeTable = before ?? {
      ...(top ?? emptyGrade(site)),
      grade,
      name: `VIP${grade}`,
      upgrade_bonus: 0,
      updated_at: Date.now(),
    };
    const after = { ...change(base), site_code: site, grade, updated_at: Date.now() };
    const problems = ladderProblems([...ladder.filter((g) => g.grade !== grade), after]);
    if (problems.length) return { ok: false, missing: false, problems };
    await ladderRepository.upsert(tx, after);
    return { ok: true, before, after };
  });
}

function emptyGrade(site: number): VipGradeTable {
  return {
    site_code: site,
    grade: 0,
    name: 'VIP0',
    deposit_min: 0,
    turnover_min: 0,
    upgrade_bonus: 0,
    birthday_bonus: 0,
    weekly_bonus: 0,
    weekly_turnover_min: 0,
    bonus_multiple: 1,
    rebate_multiple: 1,
    rebate_ty: 0,
    rebate_zr: 0,
    rebate_qp: 0,
    rebate_dz: 0,
    rebate_cp: 0,
    rebate_dj: 0,
    rebate_by: 0,
    updated_at: 0,
  };
}
