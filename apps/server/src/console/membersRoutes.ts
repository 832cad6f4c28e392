/**
 * Members and risk in the console. A member is addressed by brand and username; the pipeline
 * has checked the brand against the staff member's scope before any handler runs. Actions go through the
 * account, session and VIP modules' own writes (the session cache is forgotten with every member or session
 * write), and each is audited with the member's state before and after.
 */
import { StatusCode } from '@portal/contract';
import { consoleMembersApi as api } from '@portal/contract/console';
import type { Db } from '../db/connect.ts';
import { fail } from '../lib/errors.ts';
import { activeExclusion } from '../modules/compliance/eligibility.ts';
import { loginHistoryRepository, memberRepository, sessionRepository } from '../modules/user/repository.ts';
import type { Services } from '../services.ts';
import { consoleMemberRepository as repo, type MemberWithVip } from './members/repository.ts';
import { idsInReason, manualFlagOf, maskCard, memberProfileOf, memberRowOf, reasonText } from './members/view.ts';
import { upgradeBonusOf, type Grants } from './grants/service.ts';
import { pairSignals, signalEntries } from '../modules/cards/pvp/collusion.ts';
import { consoleRoute, type ConsoleContext, type ConsoleDeps, type ConsoleRoute } from './pipeline.ts';

type Key = { siteCode: number; username: string };
const page = (i: { page: number; pageSize: number }) => ({ limit: i.pageSize, offset: (i.page - 1) * i.pageSize });

/** The member a call is about (6004 when the brand has no such username). */
async function load(db: Db, ctx: ConsoleContext, k: Key): Promise<MemberWithVip> {
  const m = (await repo.byUsername(db, k.siteCode, k.username)) ?? fail(StatusCode.NOT_FOUND);
  ctx.assertSite(m.site_code);
  return m;
}

export function membersRoutes(s: Services, d: ConsoleDeps, grants: Grants): ConsoleRoute[] {
  const { db } = d;
  const vipName = async (siteCode: number, grade: number) =>
    (await s.vip.ladder(siteCode)).find((g) => g.grade === grade)?.name ?? `VIP${grade}`;
  const profile = async (m: MemberWithVip) =>
    memberProfileOf(m, await vipName(m.site_code, Number(m.grade ?? 0)), await repo.liveSessions(db, m.id, Date.now()));
  /** Loads the member, records the audit's target and state before, runs the change, records the state after. */
  const act = async <T>(ctx: ConsoleContext, k: Key, change: (m: MemberWithVip) => Promise<T>): Promise<T> => {
    const m = await load(db, ctx, k);
    ctx.audit = { target: m.name, siteCode: m.site_code, before: await profile(m) };
    const out = await change(m);
    ctx.audit.after = await profile((await repo.byUsername(db, m.site_code, m.name))!);
    return out;
  };

  return [
    consoleRoute(api.search, async (i, ctx) => {
      const sites = i.siteCode === undefined ? ctx.sites : [i.siteCode];
      const { rows, total } = await repo.search(db, { sites, by: i.by, keyword: i.keyword, status: i.status, ...page(i) });
      return { total, list: rows.map(memberRowOf) };
    }),
    consoleRoute(api.profile, async (i, ctx) => profile(await load(db, ctx, i))),
    consoleRoute(api.balances, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const accounts = await repo.accounts(db, m.id);
      return {
        accounts: accounts.map((a) => ({ kind: a.kind, ref: a.ref, currency: a.currency, balance: Number(a.balance) })),
        owed: await s.wallet.owed(m.id),
      };
    }),
    consoleRoute(api.transactions, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const accounts = await repo.accounts(db, m.id);
      const nameOf = new Map(accounts.map((a) => [a.id, a.ref ? `${a.kind}:${a.ref}` : a.kind]));
      const { rows, total } = await repo.postings(
        db,
        accounts.map((a) => a.id),
        page(i).limit,
        page(i).offset,
      );
      return {
        total,
        list: rows.map((r) => ({
          id: String(r.id),
          at: Number(r.created_at),
          kind: r.kind,
          account: nameOf.get(r.account_id) ?? '',
          amount: Number(r.amount),
          balanceAfter: Number(r.balance_after),
          ref: r.ref_id,
          memo: r.memo,
          reversal: r.reverses !== null,
        })),
      };
    }),
    consoleRoute(api.bets, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const { rows, total } = await repo.bets(db, m.id, page(i).limit, page(i).offset);
      return {
        total,
        list: rows.map((b) => ({
          id: b.id,
          at: Number(b.created_at),
          kind: b.kind,
          stake: Number(b.stake),
          odds: Number(b.odds),
          status: b.status,
          result: b.result,
          payout: Number(b.payout),
          valid: Number(b.valid),
          settledAt: b.settled_at === null ? null : Number(b.settled_at),
        })),
      };
    }),
    consoleRoute(api.rounds, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const { rows, total } = await repo.rounds(db, m.id, page(i).limit, page(i).offset);
      return {
        total,
        list: rows.map((r) => ({
          id: r.id,
          at: Number(r.created_at),
          channelCode: r.channel_code,
          category: r.category,
          gameCode: r.game_code,
          bet: Number(r.bet),
          win: Number(r.win) + Number(r.jackpot_win),
          status: r.status,
        })),
      };
    }),
    consoleRoute(api.logins, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const { list, total } = await loginHistoryRepository.page(db, m.id, i.page, i.pageSize);
      return {
        total,
        list: list.map((l) => ({ at: Number(l.at), ip: l.ip, device: l.uuid, client: l.client, result: l.result })),
      };
    }),
    consoleRoute(api.related, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const r = await repo.related(db, m);
      const status = (v: string) => (v === 'disabled' ? ('disabled' as const) : ('active' as const));
      const seen = new Set<string>();
      const out = [
        ...r.devices.map((x) => ({ username: x.name, status: status(x.status), via: 'device' as const, value: x.value })),
        ...r.nets.map((x) => ({ username: x.name, status: status(x.status), via: 'ip' as const, value: x.value })),
        ...r.cards.map((x) => ({ username: x.name, status: status(x.status), via: 'card' as const, value: maskCard(x.value) })),
      ];
      return out.filter((x) => {
        const key = `${x.username}|${x.via}|${x.value}`;
        return seen.has(key) ? false : (seen.add(key), true);
      });
    }),
    // PvP card tables (issue 31): collusion signals.
    consoleRoute(api.pvpSignals, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const signals = pairSignals(m.id, await signalEntries(db, m.id));
      const names = await repo.usernames(
        db,
        signals.map((x) => x.partnerId),
      );
      return signals.map(({ partnerId, flowFen, sharedIp: _ip, sharedDevice: _device, ...x }) => ({
        ...x,
        username: names.get(partnerId)?.name ?? partnerId,
        flow: flowFen,
      }));
    }),
    consoleRoute(api.notes, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const { rows, total } = await repo.notes(db, m.id, page(i).limit, page(i).offset);
      return { total, list: rows.map((n) => ({ id: Number(n.id), author: n.author, body: n.body, at: Number(n.created_at) })) };
    }),
    consoleRoute(api.addNote, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const n = await repo.addNote(db, {
        site_code: m.site_code,
        member_id: m.id,
        author: ctx.staff.username,
        body: i.body,
        created_at: Date.now(),
      });
      const note = { id: n.id, author: n.author, body: n.body, at: n.created_at };
      ctx.audit = { target: m.name, siteCode: m.site_code, after: note };
      return note;
    }),
    consoleRoute(api.risk, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const [manual, promo, snap, kyc] = await Promise.all([
        repo.flags(db, m.id),
        repo.promoFlags(db, m.id),
        s.eligibility.snapshot(m.id, Number(m.protection ?? 0)),
        s.kyc.status(m.id),
      ]);
      const names = await repo.usernames(db, [...new Set(promo.flatMap((p) => idsInReason(p.flag_reason ?? '')))]);
      const ex = activeExclusion(snap, Date.now());
      return {
        flags: [
          ...manual.map(manualFlagOf),
          ...promo.map((p) => ({
            id: `p${p.id}`,
            kind: 'promo_flagged',
            reason: `${p.title}：${reasonText(p.flag_reason ?? '', names)}`,
            source: 'promotions' as const,
            by: null,
            at: Number(p.created_at),
            cleared: p.status !== 'flagged',
            clearedBy: p.decided_by,
            clearedAt: p.decided_at === null ? null : Number(p.decided_at),
          })),
        ],
        protection: {
          limits: snap.limits.map((l) => ({ kind: l.kind, period: l.period, amount: l.amount === null ? null : Number(l.amount) })),
          exclusion: ex
            ? {
                kind: ex.kind,
                since: Number(ex.starts_at),
                until: ex.ends_at === null ? null : Number(ex.ends_at),
                allBrands: ex.all_brands === 1,
              }
            : null,
          kyc: kyc.status,
          kycRejectReason: kyc.rejectReason,
        },
      };
    }),
    consoleRoute(api.setFlag, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const id = await repo.addFlag(db, {
        site_code: m.site_code,
        member_id: m.id,
        kind: i.kind,
        reason: i.reason,
        created_by: ctx.staff.username,
        created_at: Date.now(),
      });
      const flag = manualFlagOf((await repo.flag(db, m.id, id))!);
      ctx.audit = { target: m.name, siteCode: m.site_code, after: flag };
      return flag;
    }),
    consoleRoute(api.clearFlag, async (i, ctx) => {
      const m = await load(db, ctx, i);
      const id = Number(i.id.slice(1));
      const before = (await repo.flag(db, m.id, id)) ?? fail(StatusCode.NOT_FOUND);
      if (!(await repo.clearFlag(db, id, ctx.staff.username, Date.now()))) fail(StatusCode.DATA_EXISTS);
      const after = manualFlagOf((await repo.flag(db, m.id, id))!);
      ctx.audit = { target: m.name, siteCode: m.site_code, before: manualFlagOf(before), after };
      return after;
    }),
    consoleRoute(api.disable, (i, ctx) =>
      act(ctx, i, async (m) => {
        // One write for the member, one for their sessions: both forget the session cache (user/repository.ts).
        await memberRepository.update(db, m.id, { status: 'disabled' });
        await sessionRepository.revokeAllOf(db, m.id, Date.now());
        return null;
      }),
    ),
    consoleRoute(api.enable, (i, ctx) =>
      act(ctx, i, async (m) => {
        await memberRepository.update(db, m.id, { status: 'active' });
        return null;
      }),
    ),
    consoleRoute(api.revokeSessions, (i, ctx) =>
      act(ctx, i, async (m) => {
        const revoked = await repo.liveSessions(db, m.id, Date.now());
        await sessionRepository.revokeAllOf(db, m.id, Date.now());
        return { revoked };
      }),
    ),
    consoleRoute(api.resetSecondPassword, (i, ctx) =>
      act(ctx, i, async (m) => {
        await memberRepository.update(db, m.id, { second_password_hash: null });
        return null;
      }),
    ),
    consoleRoute(api.setVip, (i, ctx) =>
      act(ctx, i, async (m) => {
        // A raise releases the upgrade bonus of every grade passed (finding 4): money, so four eyes above the amount.
        const ladder = await s.vip.ladder(m.site_code);
        if (!ladder.some((g) => g.grade === i.grade)) fail(StatusCode.INVALID_PARAMETER);
        const current = Number(m.grade ?? 0);
        const bonus = i.grade > current ? await upgradeBonusOf(db, m.id, ladder, current, i.grade) : 0;
        if (bonus > 0) {
          const g = await grants.request(ctx.staff.username, {
            siteCode: m.site_code,
            memberId: m.id,
            kind: 'vip',
            amount: bonus,
            params: { grade: i.grade },
            reason: `VIP${current} → VIP${i.grade}`,
          });
          if (g.status === 'pending') return { grade: current, name: await vipName(m.site_code, current), pendingGrant: g.id };
          return { grade: i.grade, name: await vipName(m.site_code, i.grade) };
        }
        const r = await s.vip.setGrade(m.id, m.site_code, i.grade);
        return { grade: r.grade, name: r.name };
      }),
    ),
  ];
}
