import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { houseAccount, memberAccount } from '../ledger/accounts.ts';
import { moneyStep } from '../ledger/idempotency.ts';
import { balanceOf, post } from '../ledger/ledger.ts';
import { verifyLedger } from '../ledger/verify.ts';
import { sportQueries, sportRepository } from '../modules/sport/repository.ts';
import { pendingQueries, transferRepository } from '../modules/wallet/repository.ts';
import { emptyDatabase } from '../test/harness.ts';
import { connect, type DbHandle } from './connect.ts';
import { migrate } from './migrate.ts';

const opened: Array<{ handle: DbHandle; dropSchema(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.handle.close();
    await o.dropSchema();
  }
});

async function fresh(engine: 'test-engine' | 'sqlite' = 'test-engine'): Promise<DbHandle> {
  const o = engine === 'sqlite' ? { handle: connect(':memory:'), dropSchema: async () => undefined } : await emptyDatabase('m', 2);
  opened.push(o);
  return o.handle;
}

const indexNames = async (h: DbHandle): Promise<string[]> =>
  (h.dialect === 'postgres'
    ? (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(h.db)).rows
    : (await sql<{ name: string }>`select name from sqlite_schema where type = 'index'`.execute(h.db)).rows
  ).map((r) => r.name);

/** Money moved the way the wallet moves it: a deposit, transfers with their keys and rows. */
async function someMoney(h: DbHandle, member: string, n: number) {
  const db = h.db;
  await db.transaction().execute((tx) =>
    post(tx, {
      kind: 'deposit',
      currency: 'CNY',
      refType: 'test',
      refId: member,
      memberId: member,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -100_000 },
        { account: memberAccount(member, 'central'), amount: 100_000 },
      ],
    }),
  );
  for (let i = 0; i < n; i++) {
    const id = `t-${member}-${i}`;
    const once = {
      scope: `transfer:${member}`,
      key: `key-${member}-${i}`,
      request: { i },
      store: { before: { id } },
      decode: () => ({ id }),
    };
    await moneyStep(
      db,
      async (tx, key) => {
        const now = Date.now();
        // Columns every version since 0003 has (the migration under test runs before later ones add theirs).
        await tx
          .insertInto('venue_transfers')
          .values({
            id,
            member_id: member,
            site_code: 7000,
            channel_code: 'SBZR',
            direction: 'in',
            amount: 100,
            currency: 'CNY',
            status: 'pending',
            attempts: 0,
            last_error: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await post(tx, {
          kind: 'transfer.in',
          currency: 'CNY',
          refType: 'venue_transfer',
          refId: id,
          memberId: member,
          idemKey: key,
          lines: [
            { account: memberAccount(member, 'central'), amount: -100 },
            { account: memberAccount(member, 'venue', 'CNY', 'SBZR'), amount: 100 },
          ],
        });
        return { id };
      },
      once,
    );
    if (i < n - 1) await transferRepository.finish(db, id, 'completed', Date.now());
  }
}

describe('0017_ledger_storage', () => {
  it('keeps every row, key and balance of an existing database; the unread member indexes are gone', async () => {
    const h = await fresh();
    await migrate(h, '0016_transfer_pending_index');
    await someMoney(h, 'm1', 5);
    await someMoney(h, 'm2', 3);
    const count = async (t: 'ledger_journals' | 'ledger_postings' | 'venue_transfers' | 'idempotency_keys') =>
      Number(
        (
          await h.db
            .selectFrom(t)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = {
      j: await count('ledger_journals'),
      p: await count('ledger_postings'),
      t: await count('venue_transfers'),
      k: await count('idempotency_keys'),
    };
    const maxPosting = Number(
      (
        await h.db
          .selectFrom('ledger_postings')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirstOrThrow()
      ).m,
    );
    expect(await indexNames(h)).toEqual(expect.arrayContaining(['ledger_journals_member_idx', 'venue_transfers_member_idx']));

    expect(await migrate(h, '0017_ledger_storage')).toEqual(['0017_ledger_storage']);
    expect({
      j: await count('ledger_journals'),
      p: await count('ledger_postings'),
      t: await count('venue_transfers'),
      k: await count('idempotency_keys'),
    }).toEqual(before);
    expect(await balanceOf(h.db, memberAccount('m1', 'central'))).toBe(100_000 - 500);
    const names = await indexNames(h);
    expect(names).not.toContain('ledger_journals_member_idx');
    expect(names).not.toContain('venue_transfers_member_idx');
    // The books are checked by today's ledger:verify, on today's schema.
    expect(await migrate(h)).toEqual([
      '0018_transfer_driving',
      '0019_sport_storage',
      '0020_request_keys',
      '0021_sport_open_bets',
      '0022_outbox',
      '0023_casino_catalogue',
      '0024_seamless_wallet',
      '0025_casino_rounds',
      '0026_seamless_games',
      '0028_support_desk',
      '0029_player_protection',
      '0030_kyc',
      '0034_deposit_promo_tickets',
      '0035_zh_tw_forms',
      '0036_console',
      '0037_withdraw_review',
      '0038_console_members',
      '0039_reports',
      '0041_venue_maintenance',
      '0042_tables',
      '0043_protection_controls',
      '0044_table_fairness',
      '0047_esports',
      '0048_fishing',
      '0049_live_rooms',
      '0050_job_leases',
      '0052_live_gift_prices',
      '0054_pvp_cards',
    ]);
    expect(await verifyLedger(h.db)).toEqual([]);
    // The rules the rebuilt tables carry still hold: one effect per key, one pending transfer per member and venue.
    expect(names).toEqual(
      expect.arrayContaining([
        'ledger_journals_idem_uq',
        'ledger_journals_ref_idx',
        'ledger_postings_account_idx',
        'ledger_postings_journal_idx',
        'venue_transfers_one_pending_uq',
      ]),
    );
    expect(await transferRepository.hasPending(h.db, 'm1', 'SBZR')).toBe(true);
    expect(
      await transferRepository.insertUnlessPending(h.db, {
        id: 't-m1-x',
        member_id: 'm1',
        site_code: 7000,
        channel_code: 'SBZR',
        direction: 'in',
        amount: 1,
        currency: 'CNY',
        status: 'pending',
        attempts: 0,
        last_error: null,
        created_at: 1,
        updated_at: 1,
      }),
    ).toBe(false);
    await expect(
      h.db
        .insertInto('ledger_journals')
        .values({
          id: 'dup',
          kind: 'x',
          currency: 'CNY',
          ref_type: 'x',
          ref_id: 'x',
          member_id: null,
          memo: '',
          reverses: null,
          idem_key: 'transfer:m1|key-m1-0',
          created_at: 1,
        })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE/);
    // New money after the migrations: posting ids keep rising above the old ones.
    await someMoney(h, 'm3', 1);
    const newIds = (
      await h.db
        .selectFrom('ledger_postings')
        .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
        .select('ledger_postings.id')
        .where('ledger_accounts.owner_id', '=', 'm3')
        .execute()
    ).map((r) => Number(r.id));
    expect(Math.min(...newIds)).toBeGreaterThan(maxPosting);
    expect(await verifyLedger(h.db)).toEqual([]);
  });

  // SQLite's storage, on SQLite in every pass (the PostgreSQL pass included: nothing skips).
  it('SQLite: text-keyed money tables store rows in their key (WITHOUT ROWID); postings ids without sqlite_sequence; foreign keys still on', async () => {
    const h = await fresh('sqlite');
    await migrate(h);
    const list = (await sql<{ name: string; wr: number }>`pragma table_list`.execute(h.db)).rows;
    const wr = (t: string) => list.find((r) => r.name === t)?.wr;
    for (const t of ['ledger_journals', 'venue_transfers', 'idempotency_keys', 'sandbox_venue_transfers', 'sandbox_venue_wallets'])
      expect(wr(t), t).toBe(1);
    expect(wr('ledger_postings')).toBe(0);
    await someMoney(h, 'm1', 2);
    const seq = await sql<{ name: string }>`select name from sqlite_sequence where name = 'ledger_postings'`
      .execute(h.db)
      .catch(() => ({ rows: [] }));
    expect(seq.rows).toEqual([]);
    expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(h.db)).rows[0]?.foreign_keys).toBe(1);
    await expect(
      h.db
        .insertInto('ledger_postings')
        .values({ journal_id: 'no-such-journal', account_id: 'no-such-account', amount: 1, balance_after: 1, created_at: 1 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("SQLite: the pending-transfer reads use the pending rows' partial index, not a table scan", async () => {
    const h = await fresh('sqlite');
    await migrate(h);
    const plan = async (q: { compile(): { sql: string; parameters: readonly unknown[] } }) => {
      const c = q.compile();
      return (await sql<{ detail: string }>`explain query plan ${sql.raw(c.sql.replace(/\?/g, () => 'NULL'))}`.execute(h.db)).rows
        .map((r) => r.detail)
        .join('; ');
    };
    expect(await plan(pendingQueries.ofMember(h.db, 'm', 'SBZR'))).toContain('venue_transfers_one_pending_uq');
    expect(await plan(pendingQueries.before(h.db, 0, 100))).toContain('venue_transfers_one_pending_uq');
  });
});

describe('0019_sport_storage', () => {
  it("keeps every bet, leg, cap and hold of an existing database; the status index becomes the pending rows' partial index", async () => {
    const h = await fresh();
    await migrate(h, '0018_transfer_driving');
    const bet = (id: string, status: 'pending' | 'accepted', acceptAt: number) => ({
      id,
      member_id: 'm1',
      site_code: 7000,
      channel_code: 'CRTY',
      kind: 'single' as const,
      series_type: '',
      game_type: 'FT',
      cap_day: '2026-11-25',
      cap_groups: 'general',
      stake: 1000,
      stake_per_bet: 1000,
      bet_count: 1,
      odds: 1900,
      max_payout: 1900,
      odds_type: 'H',
      accept_any: 0,
      status,
      result: null,
      payout: 0,
      valid: 0,
      settle_version: 0,
      payout_journal: null,
      hold_id: `h-${id}`,
      reject_reason: null,
      accept_at: acceptAt,
      created_at: 1,
      settled_at: null,
    });
    await h.db
      .insertInto('sport_bets')
      .values([bet('b1', 'accepted', 1), bet('b2', 'pending', 50), bet('b3', 'pending', 500)])
      .execute();
    await h.db
      .insertInto('sport_bet_legs')
      .values(
        ['b1', 'b2', 'b3'].map((id) => ({
          bet_id: id,
          idx: 0,
          event_id: `FT-${id}`,
          game_type: 'FT',
          league: 'L',
          team_h: 'H',
          team_c: 'C',
          w: 'RH',
          name: 'n',
          odds: 1900,
          in_play: 0,
          score: '',
          result: null,
        })),
      )
      .execute();
    await h.db
      .insertInto('sport_payout_caps')
      .values({ member_id: 'm1', day: '2026-11-25', cap_group: 'general', potential: 5700 })
      .execute();
    await h.db
      .insertInto('ledger_holds')
      .values({
        id: 'h-b1',
        member_id: 'm1',
        from_account: 'a',
        locked_account: 'b',
        amount: 1000,
        currency: 'CNY',
        status: 'pending',
        ref_type: 'sport_bet',
        ref_id: 'b1',
        created_at: 1,
        settled_at: null,
      })
      .execute();
    const rows = async () => ({
      bets: await h.db.selectFrom('sport_bets').selectAll().orderBy('id').execute(),
      legs: await h.db.selectFrom('sport_bet_legs').selectAll().orderBy('bet_id').execute(),
      caps: await h.db.selectFrom('sport_payout_caps').selectAll().execute(),
      holds: await h.db.selectFrom('ledger_holds').selectAll().execute(),
    });
    const before = await rows();

    expect(await migrate(h, '0019_sport_storage')).toEqual(['0019_sport_storage']);
    expect(await rows()).toEqual(before);
    const names = await indexNames(h);
    expect(names).not.toContain('sport_bets_status_idx');
    expect(names).toEqual(expect.arrayContaining(['sport_bets_pending_idx', 'sport_bets_member_idx', 'sport_bet_legs_event_idx']));
    expect((await sportQueries.duePending(h.db, 100, 10).execute()).map((b) => b.id)).toEqual(['b2']);
    // Keys still hold after the rebuild.
    await expect(
      h.db
        .insertInto('sport_bets')
        .values(bet('b1', 'accepted', 1))
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
    await expect(
      h.db.insertInto('sport_payout_caps').values({ member_id: 'm1', day: '2026-11-25', cap_group: 'general', potential: 1 }).execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);
  });

  it('SQLite: bets, legs, caps and holds are WITHOUT ROWID; due pending bets are read through the partial index', async () => {
    const h = await fresh('sqlite');
    await migrate(h);
    const list = (await sql<{ name: string; wr: number }>`pragma table_list`.execute(h.db)).rows;
    for (const t of ['sport_bets', 'sport_bet_legs', 'sport_payout_caps', 'ledger_holds'])
      expect(list.find((r) => r.name === t)?.wr, t).toBe(1);
    const c = sportQueries.duePending(h.db, 0, 10).compile();
    const plan = (await sql<{ detail: string }>`explain query plan ${sql.raw(c.sql.replace(/\?/g, () => 'NULL'))}`.execute(h.db)).rows
      .map((r) => r.detail)
      .join('; ');
    expect(plan).toContain('sport_bets_pending_idx');
  });
});

describe('0020_request_keys', () => {
  it("keeps every account, journal and balance; a claimed request's journal carries its key unindexed, and verify still sees a key with two effects", async () => {
    const h = await fresh();
    await migrate(h, '0019_sport_storage');
    await someMoney(h, 'm1', 4);
    await someMoney(h, 'm2', 2);
    const rows = async () => ({
      accounts: await h.db.selectFrom('ledger_accounts').selectAll().orderBy('id').execute(),
      journals: await h.db.selectFrom('ledger_journals').select(['id', 'kind', 'ref_id', 'idem_key']).orderBy('id').execute(),
    });
    const before = await rows();

    expect(await migrate(h, '0020_request_keys')).toEqual(['0020_request_keys']);
    expect(await rows()).toEqual(before);
    expect(await verifyLedger(h.db)).toEqual([]);
    expect(await balanceOf(h.db, memberAccount('m1', 'venue', 'CNY', 'SBZR'))).toBe(400);
    // The account key still holds after the rebuild.
    await expect(
      h.db
        .insertInto('ledger_accounts')
        .values({ ...before.accounts[0]! })
        .execute(),
    ).rejects.toThrow(/unique|UNIQUE|duplicate/);

    // A request under a claim: its journal has the request's key, not an idem_key.
    await moneyStep(
      h.db,
      async (tx, requestKey) => {
        await post(tx, {
          kind: 'deposit',
          currency: 'CNY',
          refType: 'test',
          refId: 'm3',
          memberId: 'm3',
          requestKey,
          lines: [
            { account: houseAccount('clearing', 'test'), amount: -10 },
            { account: memberAccount('m3', 'central'), amount: 10 },
          ],
        });
        return { ok: 1 };
      },
      { scope: 'transfer:m3', key: 'key-m3-00', request: { n: 1 }, store: { before: { ok: 1 } }, decode: () => ({ ok: 1 }) },
    );
    const j = await h.db
      .selectFrom('ledger_journals')
      .select(['idem_key', 'request_key'])
      .where('member_id', '=', 'm3')
      .executeTakeFirstOrThrow();
    expect(j).toEqual({ idem_key: null, request_key: 'transfer:m3|key-m3-00' });
    expect(await verifyLedger(h.db)).toEqual([]);
    // A second journal with the same request key (no index stops it at write time): ledger:verify reports it.
    await h.db.transaction().execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: 'm3',
        memberId: 'm3',
        requestKey: 'transfer:m3|key-m3-00',
        lines: [
          { account: houseAccount('clearing', 'test'), amount: -10 },
          { account: memberAccount('m3', 'central'), amount: 10 },
        ],
      }),
    );
    expect((await verifyLedger(h.db)).map((p) => p.check)).toEqual(['one effect per request key']);
  });

  it("SQLite: ledger_accounts is WITHOUT ROWID (a member's accounts share a page); postings still refer to it", async () => {
    const h = await fresh('sqlite');
    await migrate(h);
    const list = (await sql<{ name: string; wr: number }>`pragma table_list`.execute(h.db)).rows;
    expect(list.find((r) => r.name === 'ledger_accounts')?.wr).toBe(1);
    await someMoney(h, 'm1', 1);
    await expect(
      h.db
        .insertInto('ledger_postings')
        .values({ journal_id: 'no-such-journal', account_id: 'no-such-account', amount: 1, balance_after: 1, created_at: 1 })
        .execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    expect(await verifyLedger(h.db)).toEqual([]);
  });
});

describe('0021_sport_open_bets', () => {
  const bet = (id: string, status: 'accepted' | 'settled') => ({
    id,
    member_id: 'm1',
    site_code: 7000,
    channel_code: 'CRTY',
    kind: 'single' as const,
    series_type: '',
    game_type: 'FT',
    cap_day: '2026-11-26',
    cap_groups: 'general',
    stake: 1000,
    stake_per_bet: 1000,
    bet_count: 1,
    odds: 1900,
    max_payout: 1900,
    odds_type: 'H',
    accept_any: 0,
    status,
    result: status === 'settled' ? 'W' : null,
    payout: 0,
    valid: 0,
    settle_version: 0,
    payout_journal: null,
    hold_id: `h-${id}`,
    reject_reason: null,
    accept_at: 1,
    created_at: 1,
    settled_at: null,
  });
  const leg = (betId: string, eventId: string) => ({
    bet_id: betId,
    idx: 0,
    event_id: eventId,
    game_type: 'FT',
    league: 'L',
    team_h: 'H',
    team_c: 'C',
    w: 'RH',
    name: 'n',
    odds: 1900,
    in_play: 0,
    score: '',
    result: null,
  });

  it("the settlement job's open events: every event with an accepted bet (600 of them, past any cap), none with only settled bets", async () => {
    const h = await fresh();
    await migrate(h);
    const open = Array.from({ length: 600 }, (_, i) => `FT-open-${String(i).padStart(4, '0')}`);
    await h.db
      .insertInto('sport_bets')
      .values([
        ...open.map((_, i) => bet(`b-open-${i}`, 'accepted')),
        ...Array.from({ length: 20 }, (_, i) => bet(`b-won-${i}`, 'settled')),
      ])
      .execute();
    await h.db
      .insertInto('sport_bet_legs')
      .values([...open.map((e, i) => leg(`b-open-${i}`, e)), ...Array.from({ length: 20 }, (_, i) => leg(`b-won-${i}`, `FT-done-${i}`))])
      .execute();
    expect((await sportRepository.openEvents(h.db)).sort()).toEqual(open);
  });

  it("SQLite: the open events are read through the accepted bets' partial index, not a scan of every leg", async () => {
    const h = await fresh('sqlite');
    await migrate(h);
    const c = sportQueries.openEvents(h.db).compile();
    const plan = (await sql<{ detail: string }>`explain query plan ${sql.raw(c.sql)}`.execute(h.db)).rows.map((r) => r.detail).join('; ');
    expect(plan).toContain('sport_bets_open_idx');
    expect(plan).not.toMatch(/SCAN sport_bet_legs/);
  });
});
