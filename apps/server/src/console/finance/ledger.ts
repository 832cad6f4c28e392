/** The ledger for the console: a member's statement with running balances, the house accounts, the books' check. */
import { StatusCode } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import type { ConsoleContext } from '../pipeline.ts';

export interface StatementFilter {
  page: number;
  pageSize: number;
  siteCode?: number | undefined;
  username: string;
  from?: number | undefined;
  to?: number | undefined;
}

const accountOf = (a: { id: string; kind: string; ref: string; currency: string; balance: number }) => ({
  accountId: a.id,
  kind: a.kind,
  ref: a.ref,
  currency: a.currency,
  balance: Number(a.balance),
});

/** House accounts and the books' check span every brand: only staff of every brand see them. */
function assertAllBrands(ctx: ConsoleContext): void {
  if (ctx.staff.sites !== null) fail(StatusCode.ACCESS_DENIED, { key: 'LEDGER_ALL_BRANDS' });
}

export class LedgerDesk {
  constructor(private readonly db: Db) {}

  async statement(ctx: ConsoleContext, f: StatementFilter) {
    const sites = f.siteCode !== undefined ? [f.siteCode] : ctx.sites;
    const members = sites.length
      ? await this.db
          .selectFrom('members')
          .select(['id', 'name', 'site_code'])
          .where('name_lower', '=', f.username.toLowerCase())
          .where('site_code', 'in', sites)
          .execute()
      : [];
    if (members.length > 1) fail(StatusCode.INVALID_PARAMETER, { key: 'MEMBER_NAME_AMBIGUOUS' });
    const m = members[0] ?? fail(StatusCode.NOT_FOUND, { key: 'MEMBER_NOT_FOUND' });
    const accounts = await this.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'ref', 'currency', 'balance'])
      .where('owner_type', '=', 'member')
      .where('owner_id', '=', m.id)
      .orderBy('id')
      .execute();
    const ids = accounts.map((a) => a.id);
    const head = { member: { username: m.name, siteCode: Number(m.site_code) }, accounts: accounts.map(accountOf) };
    if (!ids.length) return { ...head, list: [], total: 0 };
    let q = this.db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_journals as j', 'j.id', 'p.journal_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .where('p.account_id', 'in', ids);
    if (f.from !== undefined) q = q.where('p.created_at', '>=', f.from);
    if (f.to !== undefined) q = q.where('p.created_at', '<', f.to);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q
      .select([
        'p.id',
        'p.journal_id',
        'p.amount',
        'p.balance_after',
        'p.created_at',
        'j.kind',
        'j.ref_type',
        'j.ref_id',
        'a.kind as account_kind',
        'a.ref as account_ref',
        'a.currency',
      ])
      .orderBy('p.id', 'desc')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute();
    return {
      ...head,
      total: Number(total.n),
      list: rows.map((r) => ({
        postingId: Number(r.id),
        journalId: r.journal_id,
        kind: r.kind,
        refType: r.ref_type,
        refId: r.ref_id,
        account: [r.account_kind, r.account_ref, r.currency].filter(Boolean).join(':'),
        amount: Number(r.amount),
        balanceAfter: Number(r.balance_after),
        createdAt: Number(r.created_at),
      })),
    };
  }

  async house(ctx: ConsoleContext) {
    assertAllBrands(ctx);
    const list = await this.db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'ref', 'currency', 'balance'])
      .where('owner_type', '=', 'house')
      .orderBy('kind')
      .orderBy('ref')
      .execute();
    const members = await this.db
      .selectFrom('ledger_accounts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('s'))
      .where('owner_type', '=', 'member')
      .where('currency', '=', 'CNY')
      .executeTakeFirstOrThrow();
    return { list: list.map(accountOf), memberTotal: Number(members.s) };
  }

  async verify(ctx: ConsoleContext) {
    assertAllBrands(ctx);
    const started = Date.now();
    const problems = await verifyLedger(this.db);
    return { checkedAt: started, ms: Date.now() - started, problems };
  }
}
