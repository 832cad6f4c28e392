/**
 * A sandbox game aggregator: plays rounds against our seamless-wallet callbacks as a real aggregator would,
 * and misbehaves as real networks do, by configuration — requests lost before delivery (retried), answers
 * lost after the money moved (the same request retried: it must get the same bytes), duplicates (the same
 * request twice; the same transaction under a new request id: DUPLICATE_TRANSACTION with the first answer's
 * data), and rollbacks sent before their bet (the late bet must be refused). Used by the tests and the
 * dev demo route; it exists only with sandbox providers (modules/seamless/aggregators.ts).
 */
import { randomUUID } from 'node:crypto';
import { SEAMLESS_HEADERS, seamlessResponse, type SeamlessOp, type SeamlessResponse, type SeamlessStatus } from '@portal/contract';
import { signSeamless } from './signing.ts';

/** Delivers one signed request; answers the HTTP status and the body's text. */
export type SeamlessTransport = (op: SeamlessOp, raw: string, headers: Record<string, string>) => Promise<{ http: number; text: string }>;

export interface ChaosOptions {
  /** Chance that a request never arrives (the aggregator times out and retries). */
  dropRate: number;
  /** Chance that the answer is lost after we processed it (the aggregator retries the same request). */
  lostAnswerRate: number;
  /** Chance that a request is sent twice, and that a transaction is sent again under a new request id. */
  duplicateRate: number;
  /** Chance that a round's rollback is sent before its bet. */
  reorderRate: number;
  /** A number in [0, 1): seeded in tests for a reproducible run. */
  random: () => number;
}

export interface RoundPlan {
  token: string;
  playerId: string;
  bets: number[];
  /** The index of a bet to roll back, if any. */
  rollback?: number;
  win: number;
  /** The game, sent with each bet (the round is recorded under its category). */
  gameCode?: string;
}

/** One round of one of the aggregator's own games (its test page): the stake, then the outcome it draws. */
export interface GamePlan {
  token: string;
  gameCode: string;
  stake: number;
  /** Draws the outcome once the stake is accepted; answers the payout (0: a lost round). */
  outcome: () => number;
}

export type GameResult =
  { ok: false; status: SeamlessStatus; balance: number | undefined } | { ok: true; roundId: string; win: number; balance: number };

export interface RoundResult {
  roundId: string;
  /** The first answer's status per transaction, in sending order. */
  answers: { op: SeamlessOp; transactionId: string; amount: number; status: SeamlessStatus; reordered?: boolean }[];
}

const CALM: ChaosOptions = { dropRate: 0, lostAnswerRate: 0, duplicateRate: 0, reorderRate: 0, random: Math.random };

export class SandboxAggregator {
  /** What broke the protocol's promises (a retried request answered other bytes, a duplicate not recognised). */
  readonly anomalies: string[] = [];
  readonly stats = { sent: 0, dropped: 0, lostAnswers: 0, duplicates: 0, reordered: 0 };
  readonly chaos: ChaosOptions;

  constructor(
    private readonly transport: SeamlessTransport,
    private readonly secret: string,
    readonly aggregatorId: string,
    chaos: Partial<ChaosOptions> = {},
  ) {
    this.chaos = { ...CALM, ...chaos };
  }

  private roll(rate: number): boolean {
    return rate > 0 && this.chaos.random() < rate;
  }

  private async deliver(op: SeamlessOp, raw: string) {
    const timestamp = String(Date.now());
    const headers = {
      'content-type': 'application/json',
      [SEAMLESS_HEADERS.AGGREGATOR]: this.aggregatorId,
      [SEAMLESS_HEADERS.TIMESTAMP]: timestamp,
      [SEAMLESS_HEADERS.SIGNATURE]: signSeamless(this.secret, timestamp, raw),
    };
    this.stats.sent++;
    return this.transport(op, raw, headers);
  }

  /** One request until an answer arrives: drops and lost answers are retried with the same request (id and body). */
  async call(op: SeamlessOp, body: Record<string, unknown>, requestId = `${this.aggregatorId}-${randomUUID()}`): Promise<SeamlessResponse> {
    const raw = JSON.stringify({ aggregatorId: this.aggregatorId, requestId, ...body });
    let first: string | undefined;
    for (let attempt = 0; ; attempt++) {
      if (attempt < 5 && this.roll(this.chaos.dropRate)) {
        this.stats.dropped++;
        continue;
      }
      const { text } = await this.deliver(op, raw);
      first ??= text;
      if (text !== first) this.anomalies.push(`${op} ${requestId}: a retry answered other bytes`);
      if (attempt < 5 && this.roll(this.chaos.lostAnswerRate)) {
        this.stats.lostAnswers++;
        continue;
      }
      if (this.roll(this.chaos.duplicateRate)) {
        this.stats.duplicates++;
        if ((await this.deliver(op, raw)).text !== text) this.anomalies.push(`${op} ${requestId}: a duplicate answered other bytes`);
      }
      return seamlessResponse.parse(JSON.parse(text));
    }
  }

  /** A money operation; sometimes sent again under a new request id, which must answer the first one's data. */
  private async money(op: SeamlessOp, body: Record<string, unknown>): Promise<SeamlessResponse> {
    const r = await this.call(op, body);
    if (r.status === 'OK' && this.roll(this.chaos.duplicateRate)) {
      this.stats.duplicates++;
      const again = await this.call(op, body);
      if (again.status !== 'DUPLICATE_TRANSACTION' || again.balance !== r.balance)
        this.anomalies.push(`${op} ${String(body.transactionId)}: a resent transaction answered ${again.status}`);
    }
    return r;
  }

  /** Plays a round: its bets, the rollback (before its bet when reordered), then the win that closes it. */
  async playRound(plan: RoundPlan): Promise<RoundResult> {
    const roundId = `R-${randomUUID()}`;
    const who = { token: plan.token, playerId: plan.playerId, roundId, currency: 'CNY' };
    const betIds = plan.bets.map(() => `B-${randomUUID()}`);
    const answers: RoundResult['answers'] = [];
    const rollback = async (reordered: boolean) => {
      const i = plan.rollback!;
      const transactionId = `RB-${randomUUID()}`;
      const r = await this.money('rollback', { ...who, transactionId, referenceTransactionId: betIds[i] });
      answers.push({ op: 'rollback', transactionId, amount: plan.bets[i]!, status: r.status, reordered });
    };
    const reorder = plan.rollback !== undefined && this.roll(this.chaos.reorderRate);
    if (reorder) {
      this.stats.reordered++;
      await rollback(true);
    }
    for (const [i, amount] of plan.bets.entries()) {
      const r = await this.money('bet', {
        ...who,
        transactionId: betIds[i],
        amount,
        ...(plan.gameCode ? { gameCode: plan.gameCode } : {}),
      });
      answers.push({ op: 'bet', transactionId: betIds[i]!, amount, status: r.status });
    }
    if (plan.rollback !== undefined && !reorder) await rollback(false);
    const transactionId = `W-${randomUUID()}`;
    const w = await this.money('win', { ...who, transactionId, amount: plan.win, roundClosed: true });
    answers.push({ op: 'win', transactionId, amount: plan.win, status: w.status });
    return { roundId, answers };
  }

  /**
   * A round of a game as the aggregator's page plays it: authenticate the token, bet the stake; only once
   * the bet is accepted draw the outcome, then the win (0 for a lost round) that closes the round. A refused
   * authenticate or bet ends it with nothing owed (no stake was taken).
   */
  async playGame(plan: GamePlan): Promise<GameResult> {
    const auth = await this.call('authenticate', { token: plan.token });
    if (auth.status !== 'OK' || !auth.playerId) return { ok: false, status: auth.status, balance: auth.balance };
    const who = { token: plan.token, playerId: auth.playerId, roundId: `R-${randomUUID()}`, currency: 'CNY' };
    const bet = await this.money('bet', { ...who, transactionId: `B-${randomUUID()}`, amount: plan.stake, gameCode: plan.gameCode });
    if (bet.status !== 'OK') return { ok: false, status: bet.status, balance: bet.balance };
    const win = plan.outcome();
    const w = await this.money('win', { ...who, transactionId: `W-${randomUUID()}`, amount: win, roundClosed: true });
    // A win is never refused for a live round of ours: anything else is the wallet breaking its promise.
    if (w.status !== 'OK' || w.balance === undefined) throw new Error(`sandbox aggregator: closing win answered ${w.status}`);
    return { ok: true, roundId: who.roundId, win, balance: w.balance };
  }
}
