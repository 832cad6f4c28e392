import type { Db, DbOrTx, Tx } from '../../db/connect.ts';
import type { JackpotPoolTable } from '../../db/schema.ts';
import { houseAccount, type AccountRef, type Currency } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, post, type Line } from '../../ledger/ledger.ts';

/**
 * Jackpot pools. A pool's amount is house money set aside for its jackpot, so it is a ledger account —
 * `house:jackpot_pool:<code>` — not a counter: every fen that enters it comes by a journal from the house's
 * casino book (`house:casino:<venue>`), in the same transaction as the stake that feeds it, and every fen
 * that leaves it (a jackpot win: payPool) goes by a journal to the winner. So the pool's amount is always
 * the sum of its postings, `ledger:verify` checks it with the rest of the books, and the house's exposure
 * (what the pools hold) reads straight off the balance sheet. A counter beside the ledger would be a
 * second, unaudited record of money that could drift from the journals.
 *
 * Seeding a pool is the operator's money (the title's declared seed, outside its RTP): one journal,
 * once per pool (its idempotency key), from the casino book.
 */
export const poolAccount = (code: string, currency: Currency = 'CNY') => houseAccount('jackpot_pool', code, currency);
export const casinoBook = (channelCode: string, currency: Currency = 'CNY') => houseAccount('casino', channelCode, currency);

/** The pool's share of one stake, in fen: stake × feed_bp ÷ 10000, rounded down (the titles' jackpotFeedFen). */
export const feedFen = (pool: Pick<JackpotPoolTable, 'feed_bp'>, stakeFen: number) => Math.floor((stakeFen * pool.feed_bp) / 10_000);

export const poolRepository = {
  byGame(db: DbOrTx, gameCode: string): Promise<JackpotPoolTable | undefined> {
    return db.selectFrom('jackpot_pools').selectAll().where('game_code', '=', gameCode).executeTakeFirst();
  },
  /** Pools of the games a brand lists (not hidden), with their amounts from the ledger. */
  async ofSite(db: DbOrTx, siteCode: number, gameCode?: string) {
    let q = db
      .selectFrom('jackpot_pools as p')
      .innerJoin('casino_games as g', (j) => j.onRef('g.code', '=', 'p.game_code').on('g.site_code', '=', siteCode))
      .select(['p.code', 'p.game_code', 'p.feed_bp', 'p.currency', 'g.name_cn', 'g.name_tw'])
      .where('g.status', '<>', 'hidden');
    if (gameCode) q = q.where('p.game_code', '=', gameCode);
    const rows = await q.orderBy('p.code').execute();
    return Promise.all(rows.map(async (r) => ({ ...r, amount: await balanceOf(db, poolAccount(r.code, r.currency as Currency)) })));
  },
  /**
   * Create a pool and fund it with its seed, once. A second call funds nothing; it only brings the feed
   * share back to the title's declared one (the share is part of the title's declared RTP: code, not a setting).
   */
  async ensure(db: Db, pool: JackpotPoolTable): Promise<void> {
    const existing = await poolRepository.byGame(db, pool.game_code);
    if (existing) {
      if (existing.feed_bp !== pool.feed_bp) {
        await db.updateTable('jackpot_pools').set({ feed_bp: pool.feed_bp }).where('code', '=', existing.code).execute();
      }
      return;
    }
    await moneyStep(db, async (tx) => {
      const inserted = await tx
        .insertInto('jackpot_pools')
        .values(pool)
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted || pool.seed_fen === 0) return;
      const currency = pool.currency as Currency;
      await post(
        tx,
        {
          kind: 'jackpot.seed',
          currency,
          refType: 'jackpot_pool',
          refId: pool.code,
          idemKey: `jackpot.seed:${pool.code}`,
          lines: [
            { account: casinoBook(pool.channel_code, currency), amount: -pool.seed_fen },
            { account: poolAccount(pool.code, currency), amount: pool.seed_fen },
          ],
        },
        pool.created_at,
      );
    });
  },
};

/** What a stake fed: the pool and the fen it received (none when the game has no pool or the share rounds to 0). */
export type PoolFeed = { poolCode: string; feedFen: number } | null;

/**
 * Feed the jackpot pool of `gameCode` with its declared share of a stake, in the caller's transaction (the
 * round's stake step): one journal from the house's casino book to the pool. A game without a pool, or a
 * share that rounds to 0 fen, posts nothing. `ref` names the round for the journal (default: the game).
 */
export async function feedPools(
  tx: Tx,
  gameCode: string,
  stakeFen: number,
  ref?: { type: string; id: string },
  now = Date.now(),
): Promise<PoolFeed> {
  if (!Number.isSafeInteger(stakeFen) || stakeFen <= 0)
    throw new RangeError(`feedPools: stake must be a positive integer of fen, got ${stakeFen}`);
  const pool = await poolRepository.byGame(tx, gameCode);
  if (!pool) return null;
  const fen = feedFen(pool, stakeFen);
  if (fen === 0) return null;
  const currency = pool.currency as Currency;
  await post(
    tx,
    {
      kind: 'jackpot.feed',
      currency,
      refType: ref?.type ?? 'game',
      refId: ref?.id ?? gameCode,
      memo: pool.code,
      lines: [
        { account: casinoBook(pool.channel_code, currency), amount: -fen },
        { account: poolAccount(pool.code, currency), amount: fen },
      ],
    },
    now,
  );
  return { poolCode: pool.code, feedFen: fen };
}

/** What a jackpot win paid: the pool's whole amount, and the seed it restarted from. */
export interface PoolWin {
  poolCode: string;
  paidFen: number;
  reseededFen: number;
}

/**
 * Pay the jackpot of `gameCode` to `winner` (the member's venue wallet of the game), in the caller's
 * transaction (the round's settlement): the pool's whole amount in one journal, then the pool restarts
 * from its declared seed, funded by the casino book, in a second. Concurrent wins are serialized on the
 * pool's row (a no-op update takes its lock on PostgreSQL; SQLite has one writer), so the amount read is
 * the amount paid and a pool is never paid twice.
 */
export async function payPool(
  tx: Tx,
  gameCode: string,
  winner: AccountRef,
  ref: { type: string; id: string },
  now = Date.now(),
): Promise<PoolWin | null> {
  const pool = await poolRepository.byGame(tx, gameCode);
  if (!pool) return null;
  await tx.updateTable('jackpot_pools').set({ feed_bp: pool.feed_bp }).where('code', '=', pool.code).execute();
  const currency = pool.currency as Currency;
  const paid = await balanceOf(tx, poolAccount(pool.code, currency));
  const journal = (kind: string, from: AccountRef, to: AccountRef, amount: number, memberId: string | null) =>
    post(
      tx,
      {
        kind,
        currency,
        refType: ref.type,
        refId: ref.id,
        memberId,
        memo: pool.code,
        lines: [
          { account: from, amount: -amount },
          { account: to, amount },
        ],
      },
      now,
    );
  if (paid > 0)
    await journal('jackpot.win', poolAccount(pool.code, currency), winner, paid, winner.owner === 'member' ? winner.memberId : null);
  const reseed = Number(pool.seed_fen);
  if (reseed > 0) await journal('jackpot.seed', casinoBook(pool.channel_code, currency), poolAccount(pool.code, currency), reseed, null);
  return { poolCode: pool.code, paidFen: Math.max(paid, 0), reseededFen: reseed };
}

/**
 * A slot round's jackpot lines for the wager path's one journal (ledger/wager.ts playInstant): the stake's feed
 * (book → pool) and, when the round hits the jackpot, the pool paid out (its amount before the round plus this
 * round's feed) and restarted from its seed (book → pool). The pool's row is locked first on a hit, so concurrent
 * hits pay it once. Answers the house lines (they sum to minus what the winner is credited) and that credit.
 */
export async function poolLines(
  tx: Tx,
  gameCode: string,
  stakeFen: number,
  hit: boolean,
): Promise<{ lines: Line[]; feed: PoolFeed; win: PoolWin | null; creditFen: number }> {
  const pool = await poolRepository.byGame(tx, gameCode);
  if (!pool) return { lines: [], feed: null, win: null, creditFen: 0 };
  const currency = pool.currency as Currency;
  const book = casinoBook(pool.channel_code, currency);
  const account = poolAccount(pool.code, currency);
  const fed = feedFen(pool, stakeFen);
  const lines: Line[] = [];
  if (fed > 0) lines.push({ account: book, amount: -fed }, { account, amount: fed });
  const feed = fed > 0 ? { poolCode: pool.code, feedFen: fed } : null;
  if (!hit) return { lines, feed, win: null, creditFen: 0 };
  await tx.updateTable('jackpot_pools').set({ feed_bp: pool.feed_bp }).where('code', '=', pool.code).execute();
  const paid = Math.max(0, (await balanceOf(tx, account)) + fed);
  const reseed = Number(pool.seed_fen);
  if (paid > 0) lines.push({ account, amount: -paid });
  if (reseed > 0) lines.push({ account: book, amount: -reseed }, { account, amount: reseed });
  return { lines, feed, win: { poolCode: pool.code, paidFen: paid, reseededFen: reseed }, creditFen: paid };
}
