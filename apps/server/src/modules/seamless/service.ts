/**
 * The seamless-wallet callback API (docs/seamless-wallet.md): authenticate,
 * balance, bet, win, rollback. Order of a request: signature (else INVALID_SIGNATURE, nothing written) →
 * strict JSON and schema (else INVALID_REQUEST, nothing written) → the request id's stored answer, byte for
 * byte → the launch token → the operation. Every answer to a well-formed, signed request is stored by its
 * request id; a money operation stores its answer in its own transaction.
 */
import type { WalletPushes } from '../wallet/pushes.ts';
import type { Eligibility } from '../compliance/eligibility.ts';
import {
  SEAMLESS_HEADERS,
  SEAMLESS_STATUS,
  seamlessRequests,
  type SeamlessOp,
  type SeamlessRequest,
  type SeamlessStatus,
  type Locale,
  StatusCode,
} from '@portal/contract';
import sjson from 'secure-json-parse';
import { z } from 'zod';
import type { Db } from '../../db/connect.ts';
import { memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { balanceOf, LedgerError } from '../../ledger/ledger.ts';
import { AppError, fail } from '../../lib/errors.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { venuePlayer } from '../../venues/adapter.ts';
import { catalogueRepository } from '../casino/repository.ts';
import { venueRepository } from '../wallet/repository.ts';
import { seamlessAdapter } from './aggregators.ts';
import { betStep, Refusal, rollbackStep, winStep, type MoneyInput } from './money.ts';
import { seamlessRepository as repo } from './repository.ts';
import { verifySeamless } from './signing.ts';

/** A launch token lives this long; bets need a live one, wins and rollbacks do not. */
export const SEAMLESS_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
/**
 * A launch url carries a one-time launch CODE, never the session token (a page address ends up in
 * history, logs and screenshots). The aggregator's server exchanges it within this time by `authenticate`, which
 * answers the launch token once; the code is spent by that first exchange.
 */
export const SEAMLESS_LAUNCH_CODE_TTL_MS = 2 * 60 * 1000;
/**
 * A launch code's row in seamless_tokens is filed under `<aggregator>#launch`: no request of the aggregator's can
 * use it as a token (dispatch checks the aggregator id), only `authenticate` can spend it.
 */
const LAUNCH_CODE_SUFFIX = '#launch';

export interface SeamlessAnswer {
  http: number;
  body: string;
}

type Data = { playerId?: string; balance?: number; transactionId?: string; token?: string };
type Token = NonNullable<Awaited<ReturnType<typeof repo.token>>>;
interface Context {
  aggregatorId: string;
  requestId: string;
  op: SeamlessOp;
  bodyHash: string;
}
const stored = z.object({ requestId: z.string(), balance: z.number() });

/** The answer's bytes: fixed key order, so a rebuilt answer equals the stored one. */
export function render(status: SeamlessStatus, requestId: string | null, d: Data = {}): SeamlessAnswer {
  const body = {
    status,
    requestId,
    ...(d.playerId ? { playerId: d.playerId, currency: 'CNY' } : {}),
    balance: d.balance,
    transactionId: d.transactionId,
    token: d.token,
  };
  return { http: SEAMLESS_STATUS[status], body: JSON.stringify(body) };
}

export class SeamlessService {
  constructor(
    private readonly db: Db,
    /** Aggregator id → its HMAC secret (config; the sandbox aggregator's only with sandbox providers). */
    private readonly aggregators: ReadonlyMap<string, string>,
    /** Aggregator id → its game launch url template (aggregators.ts: seamlessLaunchUrls). */
    private readonly launch: ReadonlyMap<string, string> = new Map(),
    /** Player protection before every bet of a round (modules/compliance); absent only in protocol unit tests. */
    private readonly eligibility: Pick<Eligibility, 'checkSubject'> | null = null,
  ) {}

  /** Each applied bet, win or rollback's new central balance to the member's tabs (services.ts wires it). */
  pushes: Pick<WalletPushes, 'send'> | null = null;

  /** A launch token for the member at the aggregator (the aggregator's game url carries it), for one game or none. */
  async issueLaunchToken(memberId: string, siteCode: number, aggregatorId: string, now = Date.now(), gameCode: string | null = null) {
    if (!this.aggregators.has(aggregatorId)) throw new Error(`seamless: unknown aggregator ${aggregatorId}`);
    const token = randomToken();
    const expiresAt = now + SEAMLESS_TOKEN_TTL_MS;
    await repo.insertToken(this.db, { tokenHash: sha256Hex(token), aggregatorId, memberId, siteCode, expiresAt, gameCode });
    return { token, expiresAt, playerId: venuePlayer(siteCode, memberId) };
  }

  /**
   * A one-time launch code for the member at the aggregator and game (what a launch url carries): spent by the
   * aggregator's first `authenticate` with it, which answers a fresh launch token (issueLaunchToken).
   */
  async issueLaunchCode(memberId: string, siteCode: number, aggregatorId: string, gameCode: string | null, now = Date.now()) {
    if (!this.aggregators.has(aggregatorId)) throw new Error(`seamless: unknown aggregator ${aggregatorId}`);
    const code = randomToken();
    const row = { tokenHash: sha256Hex(code), aggregatorId: aggregatorId + LAUNCH_CODE_SUFFIX, memberId, siteCode, gameCode };
    await repo.insertToken(this.db, { ...row, expiresAt: now + SEAMLESS_LAUNCH_CODE_TTL_MS });
    return code;
  }

  /**
   * The aggregator's game url for a member (game/api/v1/launch for a venue whose adapter is `seamless:<id>`):
   * its launch template (aggregators.ts: SEAMLESS_LAUNCH_URLS, absolute; the sandbox aggregator's page,
   * relative to the portal's origin — the web prefixes it) filled with a one-time launch code for the game
   * (`{token}` and `{code}` both take it): the session token itself never travels in a page address.
   * Guards, though the dispatcher checked them: a game the brand does not list, or not one of this
   * aggregator's venues → 6004; the game or its venue in maintenance, or an aggregator without a launch url → 6415.
   */
  async launchUrl(memberId: string, siteCode: number, aggregatorId: string, gameCode: string, locale: Locale): Promise<string> {
    const template = this.launch.get(aggregatorId);
    if (!template || !this.aggregators.has(aggregatorId)) fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    const game = await catalogueRepository.game(this.db, siteCode, gameCode);
    if (!game) fail(StatusCode.NOT_FOUND);
    const venue = await venueRepository.byCode(this.db, game.channel_code);
    if (venue?.adapter !== seamlessAdapter(aggregatorId)) return fail(StatusCode.NOT_FOUND);
    if (game.status !== 'active' || venue.status !== 'active') return fail(StatusCode.VENUE_UNDER_MAINTENANCE);
    const code = await this.issueLaunchCode(memberId, siteCode, aggregatorId, game.code);
    const values: Record<string, string> = { token: code, code, game: game.code, lang: locale, player: venuePlayer(siteCode, memberId) };
    return template.replace(/\{(token|code|game|lang|player)\}/g, (_, k: string) => encodeURIComponent(values[k]!));
  }

  /** Ends the member's launch tokens (bets refused from now on; wins and rollbacks still pass). */
  revokeLaunchTokens(memberId: string): Promise<void> {
    return repo.revokeTokens(this.db, memberId);
  }

  async handle(op: string, raw: Buffer, headers: Record<string, string | string[] | undefined>): Promise<SeamlessAnswer> {
    const aggregatorId = headers[SEAMLESS_HEADERS.AGGREGATOR];
    const secret = typeof aggregatorId === 'string' ? this.aggregators.get(aggregatorId) : undefined;
    if (!secret || !verifySeamless(secret, headers[SEAMLESS_HEADERS.TIMESTAMP], headers[SEAMLESS_HEADERS.SIGNATURE], raw))
      return render('INVALID_SIGNATURE', null);
    const req = parse(op, raw);
    if (!req || req.body.aggregatorId !== aggregatorId) return render('INVALID_REQUEST', req?.body.requestId ?? null);
    const c: Context = { aggregatorId, requestId: req.body.requestId, op: req.op, bodyHash: sha256Hex(raw.toString('utf8')) };
    const seen = await repo.answered(this.db, aggregatorId, c.requestId);
    if (seen)
      return seen.body_hash === c.bodyHash ? { http: seen.http_status, body: seen.response } : render('INVALID_REQUEST', c.requestId);
    const answer = await this.dispatch(c, req);
    if (await repo.storeAnswer(this.db, { ...c, http: answer.http, response: answer.body })) return answer;
    // A twin of this request answered first (or the money step stored this answer): answer what is stored.
    const first = await repo.answered(this.db, aggregatorId, c.requestId);
    return first ? { http: first.http_status, body: first.response } : answer;
  }

  private async dispatch(c: Context, req: Parsed): Promise<SeamlessAnswer> {
    const token = await repo.token(this.db, sha256Hex(req.body.token));
    if (req.op === 'authenticate' && token?.aggregator_id === c.aggregatorId + LAUNCH_CODE_SUFFIX)
      return this.exchange(c, token, req.body.token);
    if (!token || token.aggregator_id !== c.aggregatorId) return render('INVALID_TOKEN', c.requestId);
    const playerId = venuePlayer(token.site_code, token.member_id);
    if ('playerId' in req.body && req.body.playerId !== playerId) return render('INVALID_TOKEN', c.requestId);
    const live = token.revoked_at === null && token.expires_at > Date.now();
    const balance = () => balanceOf(this.db, memberAccount(token.member_id, 'central', 'CNY'));
    switch (req.op) {
      case 'authenticate':
        if (!live) return render('INVALID_TOKEN', c.requestId);
        if (token.status !== 'active') return render('PLAYER_BLOCKED', c.requestId);
        return render('OK', c.requestId, { playerId, balance: await balance() });
      case 'balance':
        return render('OK', c.requestId, { playerId, balance: await balance() });
      case 'bet':
        if (!live) return render('INVALID_TOKEN', c.requestId);
        if (token.status !== 'active') return render('PLAYER_BLOCKED', c.requestId, { playerId, balance: await balance() });
        {
          const refused = await this.protection(c, token, req.body.transactionId, req.body.amount);
          if (refused) return render(refused, c.requestId, { playerId, balance: await balance() });
        }
        return this.money(c, token, req.body, (tx, m, key) => betStep(tx, m, key));
      case 'win':
        return this.money(c, token, req.body, (tx, m, key) => winStep(tx, m, req.body.roundClosed === true, key));
      case 'rollback':
        return this.money(c, token, req.body, (tx, m) => rollbackStep(tx, m, req.body.referenceTransactionId));
    }
  }

  /**
   * `authenticate` with a launch code: spends it (once, while it lives) and answers a fresh launch token for the
   * same member, brand and game with the player and balance. A spent, expired or revoked code is INVALID_TOKEN.
   */
  private async exchange(c: Context, code: Token, presented: string): Promise<SeamlessAnswer> {
    if (code.status !== 'active') return render('PLAYER_BLOCKED', c.requestId);
    if (!(await repo.spendCode(this.db, sha256Hex(presented), Date.now()))) return render('INVALID_TOKEN', c.requestId);
    const t = await this.issueLaunchToken(code.member_id, code.site_code, c.aggregatorId, Date.now(), code.game_code);
    const balance = await balanceOf(this.db, memberAccount(code.member_id, 'central', 'CNY'));
    return render('OK', c.requestId, { playerId: t.playerId, balance, token: t.token });
  }

  /**
   * The eligibility check of a round's bet (exclusion, loss and wager limits): a refusal is the protocol's
   * PLAYER_BLOCKED or LIMIT_EXCEEDED. A bet already applied (a retry of its transaction id) is not refused.
   */
  private async protection(c: Context, token: Token, transactionId: string, amountFen: number): Promise<SeamlessStatus | null> {
    if (!this.eligibility) return null;
    if (await repo.transaction(this.db, c.aggregatorId, transactionId)) return null;
    try {
      await this.eligibility.checkSubject({ memberId: token.member_id, siteCode: token.site_code, locale: 'zh-CN' }, 'round', amountFen);
      return null;
    } catch (e) {
      if (e instanceof AppError && e.code === StatusCode.PROTECTION_LIMIT) return 'LIMIT_EXCEEDED';
      if (e instanceof AppError) return 'PLAYER_BLOCKED';
      throw e;
    }
  }

  /** One money operation, once per transaction id; its answer stored by request id in the same transaction. */
  private async money(
    c: Context,
    token: Token,
    body: SeamlessRequest<'bet' | 'win' | 'rollback'>,
    step: (tx: Parameters<Parameters<typeof moneyStep>[1]>[0], m: MoneyInput, requestKey: string) => Promise<number>,
  ): Promise<SeamlessAnswer> {
    const playerId = venuePlayer(token.site_code, token.member_id);
    const m: MoneyInput = {
      aggregatorId: c.aggregatorId,
      memberId: token.member_id,
      siteCode: token.site_code,
      gameCode: ('gameCode' in body ? body.gameCode : undefined) ?? token.game_code,
      roundId: body.roundId,
      transactionId: body.transactionId,
      amount: 'amount' in body ? body.amount : 0,
      now: Date.now(),
    };
    const ok = (balance: number) => render('OK', c.requestId, { playerId, balance, transactionId: body.transactionId });
    const { requestId: _r, token: _t, ...request } = body;
    try {
      const r = await moneyStep(
        this.db,
        async (tx, requestKey) => {
          const balance = await step(tx, m, requestKey);
          // A twin of this request id was answered meanwhile (e.g. refused): its answer stands, this step rolls back.
          if (!(await repo.storeAnswer(tx, { ...c, http: 200, response: ok(balance).body }))) throw new Refusal('INVALID_REQUEST');
          return balance;
        },
        {
          scope: `seamless:${c.aggregatorId}`,
          key: body.transactionId,
          request: { op: c.op, ...request },
          store: { after: (balance: number) => ({ requestId: c.requestId, balance }) },
          decode: (s) => stored.parse(s),
        },
      );
      // The member's header wallet follows the game at once (realtime 30002, the central wallet: channel '').
      if (r.fresh) this.pushes?.send([{ memberId: m.memberId, channelCode: '', result: null }]);
      if (r.fresh || r.stored.requestId === c.requestId) return ok(r.fresh ? r.value : r.stored.balance);
      return render('DUPLICATE_TRANSACTION', c.requestId, { playerId, balance: r.stored.balance, transactionId: body.transactionId });
    } catch (e) {
      const status = refusalOf(e);
      if (!status) throw e;
      const balance = await balanceOf(this.db, memberAccount(token.member_id, 'central', 'CNY'));
      return render(status, c.requestId, { playerId, balance, transactionId: body.transactionId });
    }
  }
}

function refusalOf(e: unknown): SeamlessStatus | null {
  if (e instanceof Refusal) return e.status;
  if (e instanceof LedgerError) return e.reason === 'INSUFFICIENT_FUNDS' ? 'INSUFFICIENT_FUNDS' : null;
  // The transaction id's claim holds another request (ledger/idempotency.ts: 6009 IDEMPOTENCY_CONFLICT).
  if (e instanceof AppError && e.detail?.key === 'IDEMPOTENCY_CONFLICT') return 'TRANSACTION_CONFLICT';
  return null;
}

type Parsed = { [O in SeamlessOp]: { op: O; body: SeamlessRequest<O> } }[SeamlessOp];

/** Strict JSON (no prototype keys) of the op's schema; null when anything is off. */
function parse(op: string, raw: Buffer): Parsed | null {
  if (!(op in seamlessRequests)) return null;
  let json: unknown;
  try {
    json = sjson.parse(raw.toString('utf8'), undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    return null;
  }
  const r = seamlessRequests[op as SeamlessOp].safeParse(json);
  return r.success ? ({ op, body: r.data } as Parsed) : null;
}
