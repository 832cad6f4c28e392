import { DEAL_TYPES, type DealType } from '@portal/contract';
import { yuan } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import { accountId, memberAccount } from '../../ledger/accounts.ts';
import { recordPlaces } from './recordText.ts';

const typeOfKind = new Map<string, number>(Object.entries(DEAL_TYPES).flatMap(([t, d]) => d.kinds.map((k) => [k, Number(t)] as const)));

export interface DealQuery {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
  type?: DealType | undefined;
  beginTime?: number | undefined;
  endTime?: number | undefined;
}

/**
 * transactions/queryDealRecord: the member's central-wallet postings with their journals, newest first. Each line
 * names where the money went (venue and game, recordText.ts) and a reference the player can quote — never a
 * journal's internal reference.
 */
export async function queryDealRecord(db: Db, memberId: string, q: DealQuery) {
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 20;
  const central = accountId(memberAccount(memberId, 'central'));
  let base = db
    .selectFrom('ledger_postings')
    .innerJoin('ledger_journals', 'ledger_journals.id', 'ledger_postings.journal_id')
    .where('ledger_postings.account_id', '=', central);
  if (q.type) base = base.where('ledger_journals.kind', 'in', [...DEAL_TYPES[q.type].kinds]);
  if (q.beginTime !== undefined) base = base.where('ledger_postings.created_at', '>=', q.beginTime);
  if (q.endTime !== undefined) base = base.where('ledger_postings.created_at', '<=', q.endTime);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'ledger_postings.id',
      'ledger_postings.amount',
      'ledger_postings.balance_after',
      'ledger_postings.created_at',
      'ledger_journals.kind',
      'ledger_journals.ref_type',
      'ledger_journals.ref_id',
      'ledger_journals.reverses',
    ])
    .orderBy('ledger_postings.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const places = await recordPlaces(db, rows);
  return {
    total: Number(total.n),
    list: rows.map((r, i) => {
      const type = typeOfKind.get(r.kind) ?? 5;
      const amount = Number(r.amount);
      return {
        id: String(r.id),
        type,
        typeName: DEAL_TYPES[type as DealType].name,
        kind: r.kind,
        amount: `${amount > 0 ? '+' : '-'}${yuan(Math.abs(amount))}`,
        balanceAfter: yuan(r.balance_after),
        status: r.reverses ? 'reversal' : 'success',
        time: new Date(Number(r.created_at)).toISOString(),
        where: places[i]!.where,
        ref: places[i]!.refNo,
      };
    }),
  };
}
