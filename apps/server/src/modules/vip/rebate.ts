import { REBATE_CATEGORIES, text } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { VipGradeTable } from '../../db/schema.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post } from '../../ledger/ledger.ts';
import { turnoverBetween, type TurnoverRow, turnoverRepository } from '../turnover/repository.ts';
import { rateOf, rebateFen } from './ladder.ts';
import { memberVipRepository, rebateRepository } from './repository.ts';
import type { VipService } from './service.ts';

export interface RebateRunResult {
  day: string;
  /** Members settled by this run (paid, or nothing due). */
  settled: number;
  paid: number;
  amountFen: number;
  /** Members another run (or an earlier one) had already settled. */
  skipped: number;
}

/**
 * Pays the rebate (洗码) of one business day: for every member with settled bets that day, the valid
 * turnover per venue category × the rate of the member's grade (after an upgrade check), floored to
 * the fen. One transaction per member: the day's rebate row (primary key member + day), the journal
 * (house bonus_expense → central, idempotency key per member and day) and the wagering requirement
 * commit together — so a second run, a concurrent run or a run after a crash mid-way pays each member
 * exactly once. A member with nothing due gets a zero row, so later runs skip them quickly.
 *
 * `beforeMember` lets a test stop the run part-way (a crash); production passes nothing.
 */
export async function payRebates(
  db: Db,
  vip: VipService,
  day: string,
  opts: { now?: number; beforeMember?: (memberId: string) => void } = {},
): Promise<RebateRunResult> {
  const now = opts.now ?? Date.now();
  const out: RebateRunResult = { day, settled: 0, paid: 0, amountFen: 0, skipped: 0 };
  const rows = await turnoverBetween(db, { fromDay: day, toDay: day });
  const byMember = new Map<string, TurnoverRow[]>();
  for (const r of rows) byMember.set(r.memberId, [...(byMember.get(r.memberId) ?? []), r]);
  const done = await rebateRepository.settledMembers(db, day);
  const todo = [...byMember.keys()].filter((id) => !done.has(id));
  out.skipped = byMember.size - todo.length;
  const sites = await memberVipRepository.siteOf(db, todo);
  const ladders = new Map<number, VipGradeTable[]>();
  for (const memberId of todo) {
    const siteCode = sites.get(memberId);
    if (siteCode === undefined) continue;
    opts.beforeMember?.(memberId);
    const { grade } = await vip.checkUpgrade(memberId, siteCode, now);
    if (!ladders.has(siteCode)) ladders.set(siteCode, await vip.ladder(siteCode));
    const g = ladders.get(siteCode)!.find((x) => x.grade === grade);
    const perCategory = new Map<string, number>();
    for (const r of byMember.get(memberId)!) perCategory.set(r.category, (perCategory.get(r.category) ?? 0) + r.validFen);
    const order = (c: string) => (REBATE_CATEGORIES as readonly string[]).indexOf(c);
    const detail = [...perCategory]
      .sort(([x], [y]) => order(x) - order(y))
      .map(([category, valid]) => ({ category, valid, rateBp: rateOf(g, category), amount: rebateFen(valid, rateOf(g, category)) }));
    const amount = detail.reduce((s, d) => s + d.amount, 0);
    const valid = detail.reduce((s, d) => s + d.valid, 0);
    const paid = await moneyStep(db, async (tx) => {
      const fresh = await rebateRepository.insertOnce(tx, {
        member_id: memberId,
        day,
        site_code: siteCode,
        grade,
        valid,
        amount,
        detail: JSON.stringify(detail),
        journal_id: null,
        paid_at: now,
      });
      if (!fresh) return null;
      if (amount <= 0) return 0;
      const { journalId } = await post(
        tx,
        {
          kind: 'bonus',
          currency: 'CNY',
          refType: 'vip_rebate',
          refId: `${memberId}:${day}`,
          memberId,
          memo: `VIP${grade} ${text('VIP_REBATE', 'zh-CN')} ${day}`,
          idemKey: `rebate:${memberId}:${day}`,
          lines: [
            { account: houseAccount('bonus_expense'), amount: -amount },
            { account: memberAccount(memberId, 'central'), amount },
          ],
        },
        now,
      );
      await rebateRepository.setJournal(tx, memberId, day, journalId);
      const multiple = g?.rebate_multiple ?? 1;
      if (multiple > 0) await turnoverRepository.add(tx, memberId, 'required', amount * multiple);
      return amount;
    });
    if (paid === null) {
      out.skipped++;
      continue;
    }
    out.settled++;
    if (paid > 0) {
      out.paid++;
      out.amountFen += paid;
    }
  }
  return out;
}
