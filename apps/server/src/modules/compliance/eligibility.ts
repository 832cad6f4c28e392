/**
 * The one eligibility check (docs/player-protection.md): run before money moves in — login (regions), deposit
 * (before the payment provider is called), venue transfer in, game launch, bet placement, every game round's
 * bet (house and aggregator) and promotion joins. It fails closed: an error while checking refuses. Wins,
 * refunds, rollbacks, settlements and withdrawals never come here.
 *
 * Cost: a member who never set a protection setting (members.protection = 0, read with the session) costs a
 * region lookup (cached) and nothing else; a protected member's settings are cached per version (every change
 * bumps it, and every node reads the version fresh with the session), and the loss and wager windows cost one
 * indexed read of at most 720 hourly rows plus the open stakes.
 */
import { BUSINESS_UTC_OFFSET_MIN, yuan } from '@portal/rules';
import { StatusCode, text, type Locale, type TextKey } from '@portal/contract';
import type { Db, DbOrTx } from '../../db/connect.ts';
import type { WagerGate } from '../../ledger/wager.ts';
import { transferRepository } from '../wallet/repository.ts';
import { fail } from '../../lib/errors.ts';
import type { SiteRow } from '../site/repository.ts';
import type { MemberCaller } from '../user/caller.ts';
import { sessionRepository } from '../user/repository.ts';
import type { IdentityGate } from './identityGate.ts';
import type { KycService } from './kyc.ts';
import type { RegionGuard } from './regions.ts';
import { protectionRepository, type ExclusionRow, type LimitRow } from './repository.ts';
import { PERIOD_MS, windowSums, type LimitPeriod } from './rules.ts';
import { minutesToday, realityAckAt, realityDueAt } from './sessionBudget.ts';

export type Entry = 'login' | 'deposit' | 'transfer_in' | 'launch' | 'bet' | 'round' | 'promotion' | 'gift';

/** Who is checked: a caller with a session, or (an aggregator's round) a member known by id. */
export interface Subject {
  memberId: string;
  siteCode: number;
  /** The brand (region rules); absent for an aggregator's callback (no player IP there). */
  site?: SiteRow;
  locale: Locale;
  /** members.protection, as read with the session (undefined: read it). */
  protection?: number;
  /** The session (absent for an aggregator's callback: no session limit there, the launch checked it). */
  session?: { tokenHash: string; startedAt: number };
  ip?: string;
}

export interface Snapshot {
  version: number;
  limits: LimitRow[];
  /** Every exclusion row, newest first: which is in force depends on the time of the check. */
  exclusions: ExclusionRow[];
}

const SNAPSHOTS_MAX = 20_000;
const MONEY_ENTRIES: ReadonlySet<Entry> = new Set(['transfer_in', 'bet', 'round']);
const LIMIT_KEYS: Record<'deposit' | 'loss' | 'wager', TextKey> = {
  deposit: 'LIMIT_DEPOSIT_REACHED',
  loss: 'LIMIT_LOSS_REACHED',
  wager: 'LIMIT_WAGER_REACHED',
};
/** Some of the limit still free: the amount asked for goes past it (the message says what is left, not "reached"). */
const OVER_KEYS: Record<'deposit' | 'loss' | 'wager', TextKey> = {
  deposit: 'LIMIT_DEPOSIT_OVER',
  loss: 'LIMIT_LOSS_OVER',
  wager: 'LIMIT_WAGER_OVER',
};
const PERIOD_KEYS: Record<LimitPeriod, TextKey> = { day: 'PERIOD_DAY', week: 'PERIOD_WEEK', month: 'PERIOD_MONTH' };

/** 'YYYY-MM-DD HH:mm' in the brands' business time (UTC+8). */
export function businessTime(ms: number): string {
  return new Date(ms + BUSINESS_UTC_OFFSET_MIN * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

export class Eligibility {
  private readonly snapshots = new Map<string, Snapshot>();
  /** Sites' region rules and identity verification, wired by services.ts (absent: no such rules). */
  regions: Pick<RegionGuard, 'assess'> | null = null;
  kyc: Pick<KycService, 'requireForDeposit'> | null = null;
  /** The brand's identity requirement (identityGate.ts), wired by services.ts. */
  identity: Pick<IdentityGate, 'require'> | null = null;

  constructor(private readonly db: Db) {}

  /** The check for a caller with a session. Throws the refusal. */
  check(ctx: MemberCaller, entry: Entry, amountFen = 0, now = Date.now()): Promise<void> {
    const subject: Subject = {
      memberId: ctx.member.id,
      siteCode: ctx.site.siteCode,
      site: ctx.site,
      locale: ctx.locale,
      protection: ctx.member.protection,
      session: { tokenHash: ctx.member.tokenHash, startedAt: ctx.member.sessionStartedAt },
      ip: ctx.ip,
    };
    return this.checkSubject(subject, entry, amountFen, now, ctx);
  }

  async checkSubject(s: Subject, entry: Entry, amountFen: number, now = Date.now(), ctx?: MemberCaller): Promise<void> {
    if (s.ip && s.site && this.regions) {
      const { verdict } = this.regions.assess(s.site, s.ip);
      if (verdict === 'block') await this.refuse(s, entry, StatusCode.REGION_LIMITED, now);
      if (verdict === 'ip_block') await this.refuse(s, entry, StatusCode.IP_RESTRICTED, now);
    }
    if (entry === 'deposit' && ctx && this.kyc) await this.kyc.requireForDeposit(ctx, amountFen);
    // Identity just completed: exclusions matching it were applied, so the version is read again.
    const fresh = this.identity ? await this.identity.require(s.memberId, s.site, entry, s.locale, now) : false;
    const version = (fresh ? undefined : s.protection) ?? (await this.versionOf(s.memberId));
    if (version === 0) return;
    const snap = await this.snapshot(s.memberId, version);
    const exclusion = activeExclusion(snap, now);
    if (exclusion?.cause === 'underage')
      await this.refuse(s, entry, StatusCode.ACCESS_DENIED, now, text('KYC_UNDERAGE', s.locale), 'underage');
    if (exclusion) {
      const key: TextKey = exclusion.ends_at === null ? 'EXCLUDED_PERMANENT' : 'EXCLUDED_UNTIL';
      const vars = exclusion.ends_at === null ? undefined : { until: businessTime(exclusion.ends_at) };
      await this.refuse(s, entry, StatusCode.SELF_EXCLUDED, now, text(key, s.locale, vars));
    }
    const session = snap.limits.find((l) => l.kind === 'session' && l.amount !== null);
    // A daily budget over every session of the day (finding 9): logging in again does not reset it.
    if (session && s.session && (await minutesToday(this.db, s.memberId, now)) >= session.amount!) {
      // The session is over: it ends here (the player logs in again after a break).
      await sessionRepository.revoke(this.db, s.session.tokenHash, now);
      await this.refuse(
        s,
        entry,
        StatusCode.SESSION_TIME_LIMIT,
        now,
        text('SESSION_LIMIT_REACHED', s.locale, { minutes: String(session.amount) }),
      );
    }
    const reality = snap.limits.find((l) => l.kind === 'reality' && l.amount !== null);
    if (reality && s.session && (MONEY_ENTRIES.has(entry) || entry === 'launch')) {
      // A reality check that fell due pauses play until the player answers it (finding 9).
      const due = realityDueAt(s.session.startedAt, reality.amount!, now);
      if (due !== null && (await realityAckAt(this.db, s.session.tokenHash)) < due)
        await this.refuse(s, entry, StatusCode.WARNING, now, text('REALITY_CHECK_DUE', s.locale), 'reality');
    }
    if (entry === 'deposit') await this.depositLimits(s, snap, amountFen, now);
    if (MONEY_ENTRIES.has(entry) || entry === 'launch')
      await this.playLimits(this.db, s, snap, entry, MONEY_ENTRIES.has(entry) ? amountFen : 0, now);
  }

  /** Deposits asked for in each window plus this one must stay within every deposit limit. */
  private async depositLimits(s: Subject, snap: Snapshot, amountFen: number, now: number): Promise<void> {
    const limits = snap.limits.filter((l) => l.kind === 'deposit' && l.amount !== null);
    if (!limits.length) return;
    const orders = await protectionRepository.deposits(this.db, s.memberId, now - PERIOD_MS.month, now);
    for (const l of limits) {
      const from = now - PERIOD_MS[l.period as LimitPeriod];
      const used = orders.reduce((sum, o) => (o.at >= from ? sum + o.amount : sum), 0);
      if (used + amountFen > l.amount!) await this.limitReached(s, 'deposit', 'deposit', l, used, now);
    }
  }

  /**
   * Stakes (settled in the window, plus every open stake) and this one within each wager limit; the net loss in
   * the window, plus every open stake and this one (it may be lost), within each loss limit. A launch is refused
   * only when a limit has nothing left.
   */
  private async playLimits(
    db: DbOrTx,
    s: Subject,
    snap: Snapshot,
    entry: Entry,
    amountFen: number,
    now: number,
    record = true,
  ): Promise<void> {
    const limits = snap.limits.filter((l) => (l.kind === 'loss' || l.kind === 'wager') && l.amount !== null);
    if (!limits.length) return;
    const [hours, open] = await Promise.all([
      protectionRepository.hourly(db, s.memberId, now - PERIOD_MS.month),
      protectionRepository.openStakes(db, s.memberId),
    ]);
    for (const l of limits) {
      const sums = windowSums(hours, now - PERIOD_MS[l.period as LimitPeriod] - 3600_000 + 1);
      const used = (l.kind === 'wager' ? sums.stake : sums.loss) + open;
      const over = entry === 'launch' ? used >= l.amount! : used + amountFen > l.amount!;
      if (over) await this.limitReached(s, entry, l.kind as 'loss' | 'wager', l, used, now, record);
    }
  }

  private limitReached(
    s: Subject,
    entry: Entry,
    kind: 'deposit' | 'loss' | 'wager',
    l: LimitRow,
    used: number,
    now: number,
    record = true,
  ) {
    const left = Math.max(0, l.amount! - used);
    const vars = {
      period: text(PERIOD_KEYS[l.period as LimitPeriod], s.locale),
      limit: yuan(l.amount!),
      left: yuan(left),
    };
    const message = text(left > 0 ? OVER_KEYS[kind] : LIMIT_KEYS[kind], s.locale, vars);
    if (!record) return fail(StatusCode.PROTECTION_LIMIT, { message });
    return this.refuse(s, entry, StatusCode.PROTECTION_LIMIT, now, message, `${kind}:${l.period}`);
  }

  /**
   * The wager path's gate (ledger/wager.ts) for a member's bet on a venue: run inside the money step. Money on its
   * way in or out of the venue wallet is not yet the player's to bet; a protected member's loss and wager limits
   * are checked again there, after the step locked the member (their debt account), so concurrent bets cannot
   * overshoot a limit. Call `check` before the step as well: it refuses early and records the refusal.
   */
  gate(ctx: MemberCaller, channelCode: string): WagerGate {
    const protectedMember = ctx.member.protection !== 0;
    const subject: Subject = { memberId: ctx.member.id, siteCode: ctx.site.siteCode, locale: ctx.locale };
    return {
      locks: protectedMember,
      within: async (tx, amountFen, now) => {
        if (await transferRepository.hasPending(tx, ctx.member.id, channelCode))
          fail(StatusCode.FREQUENT_SUBMISSION, { key: 'TRANSFER_PENDING' });
        if (!protectedMember) return;
        const snap = await this.snapshot(ctx.member.id, ctx.member.protection, tx);
        await this.playLimits(tx, subject, snap, 'round', amountFen, now, false);
      },
    };
  }

  /** Records the refusal for the operator, then refuses. */
  private async refuse(
    s: Subject,
    entry: Entry,
    code: (typeof StatusCode)[keyof typeof StatusCode],
    now: number,
    message?: string,
    what = '',
  ): Promise<never> {
    await protectionRepository
      .addEvent(this.db, {
        memberId: s.memberId,
        siteCode: s.siteCode,
        at: now,
        action: 'refusal',
        kind: entry,
        detail: `${code}${what ? ` ${what}` : ''}`,
      })
      .catch(() => undefined);
    fail(code, message ? { message } : undefined);
  }

  private async versionOf(memberId: string): Promise<number> {
    const r = await this.db.selectFrom('members').select('protection').where('id', '=', memberId).executeTakeFirst();
    return Number(r?.protection ?? 0);
  }

  /** The member's settings at `version` (cached: a change bumps the version, so a cached snapshot is never stale). */
  async snapshot(memberId: string, version: number, db: DbOrTx = this.db): Promise<Snapshot> {
    const known = this.snapshots.get(memberId);
    if (known && known.version === version) return known;
    const [limits, exclusions] = await Promise.all([
      protectionRepository.limits(db, memberId),
      db.selectFrom('protection_exclusions').selectAll().where('member_id', '=', memberId).execute(),
    ]);
    const snap: Snapshot = { version, limits, exclusions };
    if (this.snapshots.size >= SNAPSHOTS_MAX) this.snapshots.delete(this.snapshots.keys().next().value as string);
    this.snapshots.set(memberId, snap);
    return snap;
  }
}

/** The exclusion in force at `now`, if any (the one that ends last). */
export function activeExclusion(snap: Pick<Snapshot, 'exclusions'>, now: number): ExclusionRow | null {
  let found: ExclusionRow | null = null;
  for (const e of snap.exclusions) {
    if (e.starts_at > now || (e.ends_at !== null && e.ends_at <= now)) continue;
    if (!found || e.ends_at === null || (found.ends_at !== null && e.ends_at > found.ends_at)) found = e;
  }
  return found;
}
