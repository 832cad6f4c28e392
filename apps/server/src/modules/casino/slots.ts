/**
 * The house slot venue: entered through game/api/v1/launch (a venue token bound to member, brand and venue) and
 * played through game/api/v1/resource. A spin is ONE money step (moneyStep, keyed by the client's idempotency key)
 * and ONE journal (ledger/wager.ts playInstant):
 *   1. the outcome is drawn from the member's provably-fair seeds (the pair's next nonce), never from the
 *      house's position, the player's history or the stake (packages/games);
 *   2. one journal takes the stake from the member's venue wallet to the house's casino book and pays the win
 *      back (debt repaid first), with a jackpot title's pool fed and, on a hit, paid and reseeded;
 *   3. the round is recorded (casino_rounds) and reported to the turnover feeds (recordCasinoRound).
 * So a round is complete or was never played: a crash before the commit leaves nothing (the retry with the
 * same key plays it, and draws the same outcome: the nonce did not advance), after it the round is complete
 * and the retry answers it. The page acknowledges a round once it has shown it; a round never shown (a
 * closed tab, a lost answer) is shown on the player's return (slotInfo.unshown).
 */
import type { Eligibility } from '../compliance/eligibility.ts';
import {
  LIMITS,
  SLOT_LIMITS,
  StatusCode,
  type ResourceAnswer,
  type SlotInfoWire,
  type SlotPaceWire,
  type SlotRoundWire,
} from '@portal/contract';
import { fairSpin, titleByCode, type SlotDef, type SpinOutcome } from '@portal/games';
import { parseWireAmount, yuan } from '@portal/rules';
import { z } from 'zod';
import type { z as Z } from 'zod';
import type { resourceRequest } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import type { CasinoGameTable, CasinoRoundTable, VenueTable } from '../../db/schema.ts';
import { fail } from '../../lib/errors.ts';
import { timeOrderedId } from '../../lib/crypto.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { playInstant } from '../../ledger/wager.ts';
import type { VenueGame } from '../../venues/adapter.ts';
import type { MemberCaller } from '../user/caller.ts';
import { fairSeeds } from './fairSeeds.ts';
import { casinoBook, poolLines, poolRepository } from './pools.ts';
import { recordCasinoRound } from './roundRecord.ts';
import type { CatalogueService } from './service.ts';
import type { WalletPushes } from '../wallet/pushes.ts';

type ResourceInput = Z.output<typeof resourceRequest>;
export const SLOT_METHODS = ['slotInfo', 'spin', 'rounds', 'round', 'ack', 'seeds', 'clientSeed', 'rotateSeed', 'balance'] as const;
export type SlotMethod = (typeof SLOT_METHODS)[number];
export type SlotInput = Extract<ResourceInput, { method: SlotMethod }>;
export const isSlotInput = (i: ResourceInput): i is SlotInput => (SLOT_METHODS as readonly string[]).includes(i.method);

/** The standard pace: the reels turn at least this long; autoplay allowed. */
const STANDARD_SPIN_MS = 1000;
const storedRound = z.object({ roundId: z.string() });
/** Members this process knows to have an active seed pair (cleared when full). */
const SEEDED_MAX = 100_000;

export class SlotService {
  constructor(
    private readonly db: Db,
    private readonly catalogue: CatalogueService,
    private readonly venue: VenueGame,
    private readonly eligibility: Pick<Eligibility, 'check' | 'gate'>,
    private readonly pushes?: WalletPushes,
  ) {}

  private readonly seeded = new Set<string>();

  /** launch for a house slot venue: the game must be playable at the brand (6004 / 6415); answers the venue token. */
  async launch(ctx: MemberCaller, v: VenueTable, gameCode: string) {
    if (gameCode !== LIMITS.VENUE_LOBBY_GAME_CODE) await this.title(ctx.site.siteCode, v, gameCode);
    const { token, expiresAt } = this.venue.issueToken(ctx.member.id, ctx.site.siteCode, v.channel_code);
    return { url: '', data: { enName: v.channel_code, token, expiresAt, gameCode } };
  }

  async resource(ctx: MemberCaller, v: VenueTable, input: SlotInput): Promise<ResourceAnswer<SlotMethod>> {
    const memberId = ctx.member.id;
    if (!this.venue.checkToken(input.Request.token, memberId, ctx.site.siteCode, v.channel_code)) fail(StatusCode.UID_VERIFICATION);
    switch (input.method) {
      case 'slotInfo':
        return this.info(ctx, v, input.Request.gameCode) satisfies Promise<ResourceAnswer<'slotInfo'>>;
      case 'spin':
        return this.spin(ctx, v, input.Request) satisfies Promise<ResourceAnswer<'spin'>>;
      case 'rounds':
        return this.rounds(memberId, v, input.Request) satisfies Promise<ResourceAnswer<'rounds'>>;
      case 'round':
        return this.roundView(await this.ownRound(memberId, v, input.Request.roundId)) satisfies Promise<ResourceAnswer<'round'>>;
      case 'ack':
        await this.ownRound(memberId, v, input.Request.roundId);
        await this.db.updateTable('casino_rounds').set({ shown: 1 }).where('id', '=', input.Request.roundId).execute();
        return null satisfies ResourceAnswer<'ack'>;
      case 'seeds':
        return fairSeeds.publicView(this.db, memberId) satisfies Promise<ResourceAnswer<'seeds'>>;
      case 'clientSeed':
        await fairSeeds.setClientSeed(this.db, memberId, input.Request.clientSeed);
        return fairSeeds.publicView(this.db, memberId) satisfies Promise<ResourceAnswer<'clientSeed'>>;
      case 'rotateSeed':
        await fairSeeds.rotate(this.db, memberId);
        return fairSeeds.publicView(this.db, memberId) satisfies Promise<ResourceAnswer<'rotateSeed'>>;
      case 'balance':
        return {
          channelCode: v.channel_code,
          balance: yuan(await balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', v.channel_code))),
        } satisfies ResourceAnswer<'balance'>;
    }
  }

  /** A title of this venue playable at the brand, with its definition. */
  private async title(siteCode: number, v: VenueTable, gameCode: string): Promise<{ game: CasinoGameTable; def: SlotDef }> {
    const game = await this.catalogue.playable(siteCode, gameCode);
    const def = titleByCode(gameCode);
    if (game.channel_code !== v.channel_code || !def) return fail(StatusCode.NOT_FOUND, { key: 'SLOT_NOT_A_SLOT' });
    return { game, def };
  }

  private pace(ctx: MemberCaller): SlotPaceWire {
    return ctx.site.flags.regulatedPace
      ? { minSpinMs: SLOT_LIMITS.REGULATED_SPIN_MS, autoplay: false, celebrateOnlyAboveStake: true }
      : { minSpinMs: STANDARD_SPIN_MS, autoplay: true, celebrateOnlyAboveStake: false };
  }

  private async info(ctx: MemberCaller, v: VenueTable, gameCode: string): Promise<SlotInfoWire> {
    const memberId = ctx.member.id;
    const { game, def } = await this.title(ctx.site.siteCode, v, gameCode);
    const [balance, seeds, pool, unshown] = await Promise.all([
      balanceOf(this.db, memberAccount(memberId, 'venue', 'CNY', v.channel_code)),
      fairSeeds.publicView(this.db, memberId),
      game.pool_code ? poolRepository.ofSite(this.db, ctx.site.siteCode, gameCode) : Promise.resolve([]),
      this.db
        .selectFrom('casino_rounds')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('channel_code', '=', v.channel_code)
        .where('game_code', '=', gameCode)
        .where('shown', '=', 0)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const p = pool[0];
    return {
      gameCode,
      channelCode: v.channel_code,
      name: ctx.locale === 'zh-TW' ? game.name_tw : game.name_cn,
      rtp: (game.rtp_bp / 100).toFixed(2),
      volatility: game.volatility,
      betLevels: levels(def, game).map(yuan),
      pace: this.pace(ctx),
      balance: yuan(balance),
      seeds: seeds.current,
      pool: p ? { poolCode: p.code, amount: yuan(p.amount) } : null,
      unshown: unshown ? await this.roundView(unshown) : null,
    };
  }

  private async spin(ctx: MemberCaller, v: VenueTable, r: { gameCode: string; bet: string; idempotencyKey: string }) {
    const memberId = ctx.member.id;
    const siteCode = ctx.site.siteCode;
    const { game, def } = await this.title(siteCode, v, r.gameCode);
    const betFen = parseWireAmount(r.bet);
    if (betFen === null || !levels(def, game).includes(betFen)) return fail(StatusCode.INVALID_PARAMETER, { key: 'SLOT_BET_LEVEL' });
    // Player protection: exclusion, session limit, loss and wager limits, region (modules/compliance).
    await this.eligibility.check(ctx, 'round', betFen);
    const gate = this.eligibility.gate(ctx, v.channel_code);
    const minGapMs = ctx.site.flags.regulatedPace ? SLOT_LIMITS.REGULATED_SPIN_MS : 0;
    const venueAccount = memberAccount(memberId, 'venue', 'CNY', v.channel_code);
    if (!this.seeded.has(memberId)) {
      await fairSeeds.ensure(this.db, memberId);
      // A member keeps an active pair for good (rotation replaces it in one transaction): once seen, never asked again.
      if (this.seeded.size >= SEEDED_MAX) this.seeded.clear();
      this.seeded.add(memberId);
    }
    const now = Date.now();
    const roundId = timeOrderedId(now);
    const played = await moneyStep(
      this.db,
      async (tx, requestKey) => {
        const seed = await fairSeeds.nextRound(tx, memberId);
        if (!seed) return fail(StatusCode.SYSTEM_BUSY);
        // The regulated pace, enforced here (the pair's row lock serializes the member's spins on PostgreSQL).
        if (minGapMs > 0) {
          const last = await tx
            .selectFrom('casino_rounds')
            .select('created_at')
            .where('member_id', '=', memberId)
            .where('category', '=', 'DZ')
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst();
          if (last && now - Number(last.created_at) < minGapMs)
            fail(StatusCode.FREQUENT_SUBMISSION, { key: 'SLOT_PACE', vars: { seconds: String(minGapMs / 1000) } });
        }
        // The outcome depends on the seeds alone (never on the house's position, the player's history or the stake).
        const outcome = fairSpin({ serverSeed: seed.server_seed, clientSeed: seed.client_seed, nonce: seed.nonce }, r.gameCode, betFen);
        const pools = def.jackpot ? await poolLines(tx, r.gameCode, betFen, outcome.jackpotHit) : null;
        // One journal: the stake, the win, the jackpot fed and won (ledger/wager.ts).
        const { balance, version } = await playInstant(
          tx,
          {
            memberId,
            wallet: venueAccount,
            book: casinoBook(v.channel_code),
            stakeFen: betFen,
            returnFen: outcome.totalWinFen,
            houseLines: pools?.lines ?? [],
            extraCreditFen: pools?.creditFen ?? 0,
            kind: 'casino.round',
            refType: 'casino_round',
            refId: roundId,
            requestKey,
          },
          gate,
          now,
        );
        const jackpot = pools?.win ?? null;
        await recordCasinoRound(tx, {
          id: roundId,
          memberId,
          siteCode,
          channelCode: v.channel_code,
          category: game.category,
          gameCode: r.gameCode,
          betFen,
          winFen: outcome.totalWinFen,
          jackpotFen: jackpot?.paidFen ?? 0,
          validFen: betFen,
          outcome,
          fair: { seedId: seed.id, clientSeed: seed.client_seed, nonce: seed.nonce },
          createdAt: now,
          settledAt: now,
        });
        const round: SlotRoundWire = {
          roundId,
          gameCode: r.gameCode,
          channelCode: v.channel_code,
          bet: yuan(betFen),
          win: yuan(outcome.totalWinFen),
          jackpotWin: yuan(jackpot?.paidFen ?? 0),
          status: 'settled',
          createdAt: now,
          shown: false,
          outcome,
          fairness: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nonce: seed.nonce, serverSeed: null },
        };
        return { round, balance, version, paidFen: outcome.totalWinFen + (jackpot?.paidFen ?? 0) };
      },
      {
        scope: `slot.spin:${memberId}`,
        key: r.idempotencyKey,
        request: { gameCode: r.gameCode, bet: betFen },
        store: { before: { roundId } },
        decode: storedRound.parse,
      },
    );
    // This call played the round (answered from what it has in hand), or the key's first call did: then that
    // round is answered from its row as it is now.
    if (played.fresh) {
      const { round, paidFen, balance, version } = played.value;
      // The member's other tabs (the header wallet) follow the spin; this tab has it in the answer.
      this.pushes?.send([
        {
          memberId,
          channelCode: v.channel_code,
          known: { balanceFen: balance, version },
          result: {
            game: 'slot',
            gameCode: r.gameCode,
            roundId,
            issue: roundId,
            status: paidFen > betFen ? 'won' : paidFen === betFen ? 'push' : 'lost',
            stakeFen: betFen,
            payoutFen: paidFen,
          },
        },
      ]);
      return { round, balance: yuan(balance) };
    }
    const row = await this.db.selectFrom('casino_rounds').selectAll().where('id', '=', played.stored.roundId).executeTakeFirst();
    if (!row) return fail(StatusCode.SERVER_ERROR);
    return { round: await this.roundView(row), balance: yuan(await balanceOf(this.db, venueAccount)) };
  }

  private async ownRound(memberId: string, v: VenueTable, roundId: string): Promise<CasinoRoundTable> {
    const row = await this.db.selectFrom('casino_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
    if (!row || row.member_id !== memberId || row.channel_code !== v.channel_code)
      return fail(StatusCode.NOT_FOUND, { key: 'ROUND_NOT_FOUND' });
    return row;
  }

  private async rounds(
    memberId: string,
    v: VenueTable,
    r: { gameCode?: string | undefined; pageNum?: number | undefined; pageSize?: number | undefined },
  ) {
    const size = r.pageSize ?? 10;
    let q = this.db.selectFrom('casino_rounds').where('member_id', '=', memberId).where('channel_code', '=', v.channel_code);
    if (r.gameCode) q = q.where('game_code', '=', r.gameCode);
    const [total, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      q
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset(((r.pageNum ?? 1) - 1) * size)
        .execute(),
    ]);
    return { total: Number(total.n), list: await roundViews(this.db, rows) };
  }

  private async roundView(row: CasinoRoundTable): Promise<SlotRoundWire> {
    return (await roundViews(this.db, [row]))[0]!;
  }
}

/** The title's bet levels the brand allows (its min and max bet). */
function levels(def: SlotDef, game: CasinoGameTable): number[] {
  return def.betLevelsFen.filter((f) => f >= Number(game.min_bet) && f <= Number(game.max_bet));
}

/** Rounds as the wire shows them, with their fairness data (the server seed only once revealed). */
export async function roundViews(db: Db, rows: CasinoRoundTable[]): Promise<SlotRoundWire[]> {
  const seedIds = [...new Set(rows.map((r) => r.seed_id).filter((s): s is string => s !== null))];
  const seeds = seedIds.length
    ? await db.selectFrom('fair_seeds').select(['id', 'server_seed', 'server_seed_hash', 'status']).where('id', 'in', seedIds).execute()
    : [];
  const byId = new Map(seeds.map((s) => [s.id, s]));
  return rows.map((r) => {
    const s = r.seed_id ? byId.get(r.seed_id) : undefined;
    return {
      roundId: r.id,
      gameCode: r.game_code,
      channelCode: r.channel_code,
      bet: yuan(r.bet),
      win: yuan(r.win),
      jackpotWin: yuan(r.jackpot_win),
      status: 'settled',
      createdAt: Number(r.created_at),
      shown: Number(r.shown) === 1,
      outcome: JSON.parse(r.outcome) as SpinOutcome,
      fairness: {
        serverSeedHash: s?.server_seed_hash ?? '',
        clientSeed: r.client_seed ?? '',
        nonce: Number(r.nonce ?? 0),
        serverSeed: s && s.status === 'revealed' ? s.server_seed : null,
      },
    };
  });
}
