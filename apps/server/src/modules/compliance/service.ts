/**
 * The player's protection tools: limits with cooling-off, the session time limit, reality checks,
 * time-out and self-exclusion (optionally on every brand), the history of changes. Every change bumps the
 * member's protection version (what the eligibility check reads with the session) and is logged.
 */
import { PROTECTION_RULES, StatusCode, text, type protectionApi, type ProtectionStateWire } from '@portal/contract';
import { parseWireAmount, yuan } from '@portal/rules';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';
import { randomId } from '../../lib/crypto.ts';
import type { PasswordHasher } from '../user/passwords.ts';
import type { Caller, MemberCaller } from '../user/caller.ts';
import { memberRepository, sessionRepository, type Member } from '../user/repository.ts';
import { activeExclusion, businessTime, type Eligibility } from './eligibility.ts';
import { protectionRepository, type LimitRow } from './repository.ts';
import { emailKey, nameDobKey, phoneKey } from './identity.ts';
import { acknowledgeReality } from './sessionBudget.ts';
import {
  changeLimit,
  confirmedAmount,
  EXCLUSION_LENGTHS,
  exclusionEnd,
  PERIOD_MS,
  TIMEOUT_LENGTHS,
  windowSums,
  type LimitPeriod,
} from './rules.ts';

type Req<K extends keyof typeof protectionApi> = z.output<(typeof protectionApi)[K]['request']>;
type LimitKind = 'deposit' | 'loss' | 'wager' | 'session';

/** The history a player sees of their own changes (refusals and reality-check answers are for the operator). */
const PLAYER_ACTIONS = [
  'limit_set',
  'limit_decreased',
  'limit_increase_requested',
  'limit_removal_requested',
  'limit_confirmed',
  'limit_cancelled',
  'reality_check_set',
  'timeout',
  'self_exclusion',
] as const;

/** Identity verification, as the protection page shows it (modules/compliance/kyc.ts). */
export interface KycView {
  status(memberId: string): Promise<{ status: 'none' | 'pending' | 'verified' | 'rejected'; rejectReason: string }>;
  requiredReason(ctx: MemberCaller): Promise<string>;
  documentKey(memberId: string): Promise<string | null>;
}

export class ProtectionService {
  kyc: KycView | null = null;

  constructor(
    private readonly db: Db,
    private readonly eligibility: Eligibility,
    private readonly hasher: PasswordHasher,
  ) {}

  async state(ctx: MemberCaller, now = Date.now()): Promise<ProtectionStateWire> {
    const m = ctx.member;
    const version = await this.version(m.id);
    const snap = await this.eligibility.snapshot(m.id, version);
    const [hours, open, deposits] = await Promise.all([
      protectionRepository.hourly(this.db, m.id, now - PERIOD_MS.month),
      protectionRepository.openStakes(this.db, m.id),
      protectionRepository.deposits(this.db, m.id, now - PERIOD_MS.month, now),
    ]);
    const used = (kind: string, period: LimitPeriod) => {
      const from = now - PERIOD_MS[period];
      if (kind === 'deposit') return deposits.reduce((s, d) => (d.at >= from ? s + d.amount : s), 0);
      const w = windowSums(hours, from - 3600_000 + 1);
      return (kind === 'wager' ? w.stake : w.loss) + open;
    };
    const limits = snap.limits
      .filter((l) => l.kind === 'deposit' || l.kind === 'loss' || l.kind === 'wager')
      .map((l) => ({
        kind: l.kind as 'deposit' | 'loss' | 'wager',
        period: l.period as LimitPeriod,
        amount: l.amount === null ? '' : yuan(l.amount),
        used: yuan(used(l.kind, l.period as LimitPeriod)),
        pending: pendingOf(l, now, yuan),
      }));
    const session = snap.limits.find((l) => l.kind === 'session');
    const reality = snap.limits.find((l) => l.kind === 'reality');
    const ex = activeExclusion(snap, now);
    const kyc = this.kyc ? await this.kyc.status(m.id) : { status: 'none' as const, rejectReason: '' };
    return {
      limits,
      session: {
        limitMinutes: session?.amount ?? null,
        pending: sessionPending(session, now),
        realityCheckMinutes: reality?.amount ?? null,
        startedAt: m.sessionStartedAt,
      },
      exclusion: ex ? { kind: ex.kind, since: ex.starts_at, until: ex.ends_at, allBrands: ex.all_brands === 1 } : null,
      kyc: { status: kyc.status, requiredReason: this.kyc ? await this.kyc.requiredReason(ctx) : '', rejectReason: kyc.rejectReason },
    };
  }

  async setLimit(ctx: MemberCaller, r: Req<'setLimit'>, now = Date.now()) {
    const amount = r.amount === null ? null : parseWireAmount(r.amount);
    if (amount !== null && (amount <= 0 || amount > PROTECTION_RULES.LIMIT_MAX_YUAN * 100)) fail(StatusCode.INVALID_PARAMETER);
    await this.change(ctx, r.kind, r.period, amount, now, yuan);
    return this.state(ctx, now);
  }

  async setSessionLimit(ctx: MemberCaller, r: Req<'setSessionLimit'>, now = Date.now()) {
    await this.change(ctx, 'session', 'session', r.minutes, now, String);
    return this.state(ctx, now);
  }

  async setRealityCheck(ctx: MemberCaller, r: Req<'setRealityCheck'>, now = Date.now()) {
    const m = ctx.member;
    const current = (await protectionRepository.limits(this.db, m.id)).find((l) => l.kind === 'reality');
    await this.db.transaction().execute(async (tx) => {
      await protectionRepository.setInForce(tx, { member_id: m.id, kind: 'reality', period: 'session' }, r.minutes, now);
      await this.log(
        tx,
        ctx,
        now,
        'reality_check_set',
        'reality',
        '',
        current?.amount == null ? '' : String(current.amount),
        r.minutes === null ? '' : String(r.minutes),
      );
      await protectionRepository.bumpVersion(tx, m.id);
    });
    return this.state(ctx, now);
  }

  async confirmLimit(ctx: MemberCaller, r: Req<'confirmLimit'>, now = Date.now()) {
    const { row, period } = await this.pendingRow(ctx, r);
    const next = confirmedAmount(row, now);
    if (next === undefined)
      fail(StatusCode.COOLING_OFF, { message: text('COOLING_OFF_UNTIL', ctx.locale, { at: businessTime(row.pending_at!) }) });
    const show = r.kind === 'session' ? String : (v: number) => yuan(v);
    await this.db.transaction().execute(async (tx) => {
      await protectionRepository.setInForce(tx, row, next, now);
      await this.log(
        tx,
        ctx,
        now,
        'limit_confirmed',
        r.kind,
        period,
        row.amount === null ? '' : show(row.amount),
        next == null ? '' : show(next),
      );
      await protectionRepository.bumpVersion(tx, ctx.member.id);
    });
    return this.state(ctx, now);
  }

  async cancelPending(ctx: MemberCaller, r: Req<'cancelPending'>, now = Date.now()) {
    const { row, period } = await this.pendingRow(ctx, r);
    await this.db.transaction().execute(async (tx) => {
      await protectionRepository.putLimit(tx, { ...row, pending_amount: null, pending_remove: 0, pending_at: null, updated_at: now });
      await this.log(tx, ctx, now, 'limit_cancelled', r.kind, period, '', '');
      await protectionRepository.bumpVersion(tx, ctx.member.id);
    });
    return this.state(ctx, now);
  }

  /** This session's time, stakes and net result, and when the next reality check and the session's end fall. */
  async realityCheck(ctx: MemberCaller, now = Date.now()) {
    const m = ctx.member;
    const startedAt = m.sessionStartedAt;
    const snap = await this.eligibility.snapshot(m.id, await this.version(m.id));
    const play = await protectionRepository.sessionPlay(this.db, m.id, startedAt);
    const every = snap.limits.find((l) => l.kind === 'reality')?.amount ?? null;
    const limit = snap.limits.find((l) => l.kind === 'session')?.amount ?? null;
    const elapsedMs = Math.max(0, now - startedAt);
    const everyMs = every === null ? null : every * 60_000;
    return {
      startedAt,
      elapsedMs,
      stakes: yuan(play.stake),
      net: yuan(play.returned - play.stake),
      nextAt: everyMs === null ? null : startedAt + (Math.floor(elapsedMs / everyMs) + 1) * everyMs,
      endsAt: limit === null ? null : startedAt + limit * 60_000,
    };
  }

  async realityAnswer(ctx: MemberCaller, r: Req<'realityAnswer'>, now = Date.now()) {
    const figures = await this.realityCheck(ctx, now);
    if (r.answer === 'continue') await acknowledgeReality(this.db, ctx.member.tokenHash, now);
    await this.log(
      this.db,
      ctx,
      now,
      `reality_check_${r.answer}`,
      'reality',
      '',
      '',
      '',
      JSON.stringify({ stakes: figures.stakes, net: figures.net, elapsedMs: figures.elapsedMs }),
    );
    if (r.answer === 'leave') await sessionRepository.revoke(this.db, ctx.member.tokenHash, now);
    return figures;
  }

  /**
   * A time-out or a self-exclusion, confirmed by the login password: effective at once, never shortened (a new
   * one only adds), every session of the member ends; with allBrands, every member of the deployment with the
   * same phone, e-mail or verified document is excluded too (and anyone matching later, at login).
   */
  async exclude(ctx: MemberCaller, r: Req<'exclude'>, now = Date.now()) {
    const member = await ctx.member.row();
    if (!(await this.hasher.verify(member.password_hash, r.password))) fail(StatusCode.INVALID_PARAMETER, { key: 'LOGIN_PASSWORD_WRONG' });
    const lengths = r.kind === 'timeout' ? TIMEOUT_LENGTHS : EXCLUSION_LENGTHS;
    if (!lengths.includes(r.period)) fail(StatusCode.INVALID_PARAMETER);
    const endsAt = exclusionEnd(r.period, now);
    const keys = r.allBrands ? await this.identityKeys(member) : [];
    const id = randomId();
    await this.db.transaction().execute(async (tx) => {
      const row = {
        id,
        member_id: member.id,
        site_code: member.site_code,
        kind: r.kind,
        starts_at: now,
        ends_at: endsAt,
        all_brands: r.allBrands ? 1 : 0,
        source_id: null,
      };
      await protectionRepository.addExclusion(tx, row, keys);
      await this.log(
        tx,
        ctx,
        now,
        r.kind,
        r.kind,
        r.period,
        '',
        endsAt === null ? 'permanent' : businessTime(endsAt),
        r.allBrands ? 'all_brands' : '',
      );
      await protectionRepository.bumpVersion(tx, member.id);
      await sessionRepository.revokeAllOf(tx, member.id, now);
      if (!r.allBrands) return;
      const phone = member.phone ? { area: member.area_code ?? '', phone: member.phone } : null;
      for (const other of await protectionRepository.membersByContact(tx, phone, member.email)) {
        if (other.id !== member.id) await this.copyExclusion(tx, row, other, now);
      }
    });
    return { kind: r.kind, since: now, until: endsAt, allBrands: r.allBrands };
  }

  /** At login: an all-brands exclusion taken elsewhere that matches this member's identity applies here too. */
  async onLogin(member: Member, now = Date.now()): Promise<void> {
    const keys = await this.identityKeys(member);
    const found = await protectionRepository.matchingExclusions(this.db, keys, member.id, now);
    for (const e of found) {
      if (await protectionRepository.hasCopy(this.db, member.id, e.id)) continue;
      await this.db.transaction().execute((tx) => this.copyExclusion(tx, e, member, now));
    }
  }

  async history(ctx: MemberCaller, r: Req<'history'>) {
    const { rows, total } = await protectionRepository.events(this.db, ctx.member.id, PLAYER_ACTIONS, r.page, r.size);
    return {
      total,
      list: rows.map((e) => ({ at: Number(e.at), action: e.action, kind: e.kind, period: e.period, before: e.before, after: e.after })),
    };
  }

  private async copyExclusion(
    tx: DbOrTx,
    e: { id: string; kind: 'timeout' | 'self_exclusion'; starts_at: number; ends_at: number | null; cause?: string | null },
    to: { id: string; site_code: number },
    now: number,
  ) {
    const copy = {
      id: randomId(),
      member_id: to.id,
      site_code: to.site_code,
      kind: e.kind,
      starts_at: now,
      ends_at: e.ends_at,
      all_brands: 0,
      source_id: e.id,
      cause: e.cause ?? null,
    };
    await protectionRepository.addExclusion(tx, copy, []);
    await protectionRepository.addEvent(tx, {
      memberId: to.id,
      siteCode: to.site_code,
      at: now,
      action: e.kind,
      kind: e.kind,
      after: e.ends_at === null ? 'permanent' : businessTime(e.ends_at),
      detail: `from ${e.id}`,
    });
    await protectionRepository.bumpVersion(tx, to.id);
    await sessionRepository.revokeAllOf(tx, to.id, now);
  }

  /** sha-256 keys of what identifies a person across brands: bound phone, e-mail, verified identity document. */
  private async identityKeys(m: Member): Promise<string[]> {
    const keys: string[] = [];
    if (m.phone) keys.push(phoneKey(m.area_code, m.phone));
    if (m.email) keys.push(emailKey(m.email));
    if (m.real_name && m.birthday) keys.push(nameDobKey(m.real_name, m.birthday));
    const doc = this.kyc ? await this.kyc.documentKey(m.id) : null;
    if (doc) keys.push(doc);
    return keys;
  }

  private async change(ctx: MemberCaller, kind: LimitKind, period: string, next: number | null, now: number, show: (v: number) => string) {
    const m = ctx.member;
    const current = (await protectionRepository.limits(this.db, m.id)).find((l) => l.kind === kind && l.period === period);
    const c = changeLimit(current, { member_id: m.id, kind, period: period as LimitRow['period'] }, next, now);
    if (c.action === 'none') return;
    await this.db.transaction().execute(async (tx) => {
      if (c.row) await protectionRepository.putLimit(tx, c.row);
      if (c.action !== 'limit_unchanged') {
        const before = current?.amount == null ? '' : show(current.amount);
        await this.log(tx, ctx, now, c.action, kind, period, before, next === null ? '' : show(next));
      }
      await protectionRepository.bumpVersion(tx, m.id);
    });
  }

  private async pendingRow(ctx: MemberCaller, r: { kind: LimitKind; period?: LimitPeriod | undefined }) {
    const period = r.kind === 'session' ? 'session' : r.period;
    if (!period) fail(StatusCode.INVALID_PARAMETER);
    const row = (await protectionRepository.limits(this.db, ctx.member.id)).find((l) => l.kind === r.kind && l.period === period);
    if (!row || row.pending_at === null) fail(StatusCode.INVALID_PARAMETER, { key: 'NO_PENDING_LIMIT' });
    return { row, period };
  }

  private log(
    db: DbOrTx,
    ctx: Caller & { member: { id: string } },
    now: number,
    action: string,
    kind: string,
    period: string,
    before: string,
    after: string,
    detail = '',
  ) {
    return protectionRepository.addEvent(db, {
      memberId: ctx.member.id,
      siteCode: ctx.site.siteCode,
      at: now,
      action,
      kind,
      period,
      before,
      after,
      detail,
    });
  }

  private async version(memberId: string): Promise<number> {
    const m = await memberRepository.byId(this.db, memberId);
    return Number(m?.protection ?? 0);
  }
}

function pendingOf(l: LimitRow, now: number, show: (v: number) => string) {
  if (l.pending_at === null) return null;
  return { amount: l.pending_remove ? null : show(l.pending_amount!), effectiveAt: l.pending_at, confirmable: l.pending_at <= now };
}

function sessionPending(l: LimitRow | undefined, now: number) {
  if (!l || l.pending_at === null) return null;
  return { minutes: l.pending_remove ? null : l.pending_amount, effectiveAt: l.pending_at, confirmable: l.pending_at <= now };
}
