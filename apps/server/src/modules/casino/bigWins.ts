/**
 * The lobby's recent big wins: the brand's latest settled house-game rounds (slots: casino_rounds) and won table
 * and lottery bets (table_bets, payout stake included) that paid at least 10× their stake (the 大奖 tier of
 * @portal/games bigWin.ts), last BIG_WINS_LIMITS.DAYS days, newest first, each with the player's name masked
 * (张**), the game in both languages, the win and its multiple. Real rows only, nothing composed; answered from a
 * short per-brand cache (CACHE_MS): the queries scan the brand's recent rows, and a lobby polls them.
 */
import { BIG_WINS_LIMITS, type BigWinEntry, type GameCategory } from '@portal/contract';
import { BIG_WIN_TIERS, bigWinTier } from '@portal/games';
import { fenToYuanString } from '@portal/rules';
import type { Db, DbOrTx } from '../../db/connect.ts';

/** How long a brand's feed is reused (ms): a new big win shows within this. */
export const CACHE_MS = 15_000;
const DAY_MS = 86_400_000;
/** The lowest multiple the feed lists (the 大奖 tier). */
const MIN_TIMES = BIG_WIN_TIERS.at(-1)!.times;

/** A member's name as the feed shows it: the first character and ** (a one-character name shows only ***). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  return chars.length <= 1 ? '***' : `${chars[0]}**`;
}

export const bigWinsRepository = {
  /** Settled rounds of a brand since `since` paying ≥ MIN_TIMES × the stake, newest first, with name and game. */
  recent(db: DbOrTx, siteCode: number, since: number, limit: number, category?: GameCategory) {
    let q = db
      .selectFrom('casino_rounds as r')
      .innerJoin('members as m', 'm.id', 'r.member_id')
      .innerJoin('casino_games as g', (j) => j.onRef('g.code', '=', 'r.game_code').onRef('g.site_code', '=', 'r.site_code'))
      .select(['m.name', 'r.game_code', 'r.bet', 'r.win', 'r.jackpot_win', 'r.settled_at', 'g.name_cn', 'g.name_tw'])
      .where('r.site_code', '=', siteCode)
      .where('r.status', '=', 'settled')
      .where('r.settled_at', '>=', since)
      .where('r.bet', '>', 0)
      .where('g.status', '<>', 'hidden')
      .where((eb) => eb(eb('r.win', '+', eb.ref('r.jackpot_win')), '>=', eb('r.bet', '*', MIN_TIMES)));
    if (category) q = q.where('r.category', '=', category);
    return q.orderBy('r.settled_at', 'desc').limit(limit).execute();
  },
  /** Won table and lottery bets of a brand since `since` paying ≥ MIN_TIMES × the stake, newest first (same shape). */
  recentTableBets(db: DbOrTx, siteCode: number, since: number, limit: number, category?: GameCategory) {
    let q = db
      .selectFrom('table_bets as b')
      .innerJoin('members as m', 'm.id', 'b.member_id')
      .innerJoin('casino_games as g', (j) => j.onRef('g.code', '=', 'b.table_code').onRef('g.site_code', '=', 'b.site_code'))
      .select(['m.name', 'b.table_code as game_code', 'b.amount as bet', 'b.payout as win', 'b.settled_at', 'g.name_cn', 'g.name_tw'])
      .where('b.site_code', '=', siteCode)
      .where('b.status', '=', 'won')
      .where('b.settled_at', '>=', since)
      .where('g.status', '<>', 'hidden')
      .where((eb) => eb('b.payout', '>=', eb('b.amount', '*', MIN_TIMES)));
    if (category) q = q.where('g.category', '=', category);
    return q.orderBy('b.settled_at', 'desc').limit(limit).execute();
  },
};

export class BigWinsService {
  private readonly cache = new Map<string, { at: number; list: Array<Omit<BigWinEntry, 'name'>> }>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async recent(siteCode: number, locale: 'zh-CN' | 'zh-TW', category?: GameCategory): Promise<{ list: BigWinEntry[] }> {
    const key = `${siteCode}:${category ?? ''}`;
    const now = this.now();
    let hit = this.cache.get(key);
    if (!hit || now - hit.at >= CACHE_MS) {
      const since = now - BIG_WINS_LIMITS.DAYS * DAY_MS;
      const [slots, tables] = await Promise.all([
        bigWinsRepository.recent(this.db, siteCode, since, BIG_WINS_LIMITS.LIST_MAX, category),
        bigWinsRepository.recentTableBets(this.db, siteCode, since, BIG_WINS_LIMITS.LIST_MAX, category),
      ]);
      const rows = [...slots, ...tables.map((b) => ({ ...b, jackpot_win: 0 }))]
        .sort((x, y) => Number(y.settled_at) - Number(x.settled_at))
        .slice(0, BIG_WINS_LIMITS.LIST_MAX);
      const list = rows.flatMap((r) => {
        const bet = Number(r.bet);
        const winFen = Number(r.win) + Number(r.jackpot_win);
        const tier = bigWinTier(winFen, bet);
        if (!tier) return [];
        return [
          {
            player: maskName(r.name),
            gameCode: r.game_code,
            names: { 'zh-CN': r.name_cn, 'zh-TW': r.name_tw },
            amount: fenToYuanString(winFen),
            multiple: Math.floor(winFen / bet),
            tier,
            settledAt: Number(r.settled_at),
          },
        ];
      });
      hit = { at: now, list };
      this.cache.set(key, hit);
    }
    return { list: hit.list.map((e) => ({ ...e, name: e.names[locale] })) };
  }
}
