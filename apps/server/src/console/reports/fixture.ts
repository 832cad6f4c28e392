/**
 * Test data for the report roll-ups (reports*.test.ts): members, deposits, withdrawals, settled sportsbook bets
 * and casino rounds (through the turnover module's own recording, as settlement does), promotion rewards,
 * VIP welfare and rebates, spread over a few business days with times right at the days' edges — and an
 * independent model of what each brand's day must show, computed in plain code from the generated rows.
 */
import { businessDay } from '@portal/rules';
import type { Db } from '../../db/connect.ts';
import { recordCasinoRound } from '../../modules/casino/roundRecord.ts';
import { recordSettledBet } from '../../modules/turnover/repository.ts';
import type { ReportDay } from '@portal/contract/console';
import { emptyDay } from './queries.ts';
import { DAY_MS, dayStart } from './rollup.ts';

/** A report day's figures as the roll-up stores them (GGR and net revenue are derived when read). */
export type ModelDay = Omit<ReportDay, 'day' | 'ggr' | 'netRevenue'>;

/** A small deterministic generator (mulberry32): the same data set on every run and both engines. */
function rng(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

export const SITES = [7000, 7001] as const;

export interface Generated {
  days: string[];
  /** model[site][day] */
  model: Map<string, ModelDay>;
  members: { id: string; site: number; created: number }[];
}

const key = (site: number, day: string) => `${site}:${day}`;

/** Generates the data set over `days` (the first day's deposits also have earlier ones, for first deposits). */
export async function generate(db: Db, days: string[], seed = 17): Promise<Generated> {
  const r = rng(seed);
  const venues = await db.selectFrom('venues').select(['channel_code', 'category']).orderBy('channel_code').execute();
  const before = dayStart(days[0]!) - 5 * DAY_MS;
  /** A time inside a day: often within a minute of its edges (the UTC+8 day boundary). */
  const timeIn = (day: string) => {
    const s = dayStart(day);
    const edge = r.next();
    if (edge < 0.1) return s; // the day's first millisecond
    if (edge < 0.2) return s + DAY_MS - 1; // and its last
    if (edge < 0.35) return s + r.int(0, 59_999);
    if (edge < 0.5) return s + DAY_MS - 1 - r.int(0, 59_999);
    return s + r.int(0, DAY_MS - 1);
  };
  const members: Generated['members'] = [];
  const bets: { site: number; member: string; at: number; stake: number; valid: number; payout: number }[] = [];
  const deposits: { site: number; member: string; at: number; amount: number; status: string; no: string }[] = [];
  const withdrawals: { site: number; at: number; amount: number; status: string }[] = [];
  const costs: { site: number; at: number | null; amount: number; kind: 'promo' | 'vip' | 'rebate' }[] = [];
  let seq = 0;
  for (const site of SITES)
    for (let i = 0; i < 30; i++) {
      const id = `rpt-${site}-${i}`;
      const created = i < 4 ? before - r.int(0, DAY_MS) : timeIn(r.pick(days));
      members.push({ id, site, created });
      await db
        .insertInto('members')
        .values({
          id,
          site_code: site,
          name: id,
          name_lower: id,
          password_hash: 'x',
          second_password_hash: null,
          phone: null,
          area_code: null,
          email: null,
          real_name: null,
          gender: null,
          birthday: null,
          profile_confirmed: 0,
          status: 'active',
          rcode: null,
          icode: null,
          register_ip: '10.0.0.1',
          register_domain: null,
          created_at: created,
          last_login_at: null,
          password_changed_at: created,
        })
        .execute();
      const from = Math.max(created, before);
      // Deposits: some before the range (so their later ones are not first deposits), paid, pending, failed.
      for (let k = r.int(0, 6); k > 0; k--) {
        const at = i < 4 && k === 1 ? from + r.int(0, DAY_MS) : timeIn(r.pick(days));
        if (at < created) continue;
        const status = r.pick(['paid', 'paid', 'paid', 'pending', 'failed'] as const);
        const no = `D${site}${(seq++).toString().padStart(6, '0')}`;
        const amount = r.int(1, 50) * 10_000;
        // Two deposits of one member in the same millisecond: the order number decides which is the first.
        const paidAt =
          status === 'paid' ? (k === 2 && r.next() < 0.3 ? (deposits.at(-1)?.member === id ? deposits.at(-1)!.at : at) : at) : null;
        deposits.push({ site, member: id, at: paidAt ?? at, amount, status, no });
        await db
          .insertInto('deposit_orders')
          .values({
            order_no: no,
            member_id: id,
            site_code: site,
            channel_id: 'bank',
            provider: 'sandbox',
            amount,
            fee: 0,
            currency: 'CNY',
            status,
            network: null,
            address: null,
            usdt_amount: null,
            signal_code: null,
            created_at: (paidAt ?? at) - 1000,
            expires_at: (paidAt ?? at) + 900_000,
            paid_at: paidAt,
            promotion_id: null,
          })
          .execute();
      }
      for (let k = r.int(0, 2); k > 0; k--) {
        const at = timeIn(r.pick(days));
        const status = r.pick(['paid', 'paid', 'pending', 'approved', 'rejected'] as const);
        const amount = r.int(1, 30) * 10_000;
        withdrawals.push({ site, at, amount, status });
        await db
          .insertInto('withdraw_orders')
          .values({
            order_no: `W${site}${(seq++).toString().padStart(6, '0')}`,
            member_id: id,
            site_code: site,
            method: 'bank',
            target_id: 'card',
            target: '6222****0001',
            amount,
            fee: 0,
            status,
            stage: status,
            hold_id: `h${seq}`,
            remark: '',
            operator: null,
            created_at: at - 60_000,
            updated_at: at,
          })
          .execute();
      }
      for (let k = r.int(0, 8); k > 0; k--) {
        const at = timeIn(r.pick(days));
        const v = r.pick(venues);
        const stake = r.int(1, 100) * 100;
        const payout = r.pick([0, 0, stake * 2, Math.floor(stake / 2), stake]);
        const valid = payout === stake ? 0 : stake;
        const ref = `b${seq++}`;
        bets.push({ site, member: id, at, stake, valid, payout });
        await db.transaction().execute(async (tx) => {
          if (v.category === 'TY' || r.next() < 0.5)
            await recordSettledBet(tx, {
              memberId: id,
              siteCode: site,
              channelCode: v.channel_code,
              category: v.category,
              betRef: ref,
              stakeFen: stake,
              validFen: valid,
              payoutFen: payout,
              settledAtMs: at,
            });
          else
            await recordCasinoRound(tx, {
              id: ref,
              memberId: id,
              siteCode: site,
              channelCode: v.channel_code,
              category: v.category,
              gameCode: 'g1',
              betFen: stake,
              winFen: payout,
              jackpotFen: 0,
              validFen: valid,
              outcome: {},
              createdAt: at - 5_000,
              settledAt: at,
            });
        });
      }
      for (let k = r.int(0, 3); k > 0; k--) {
        const at = timeIn(r.pick(days));
        const status = r.pick(['paid', 'paid', 'flagged', 'refused'] as const);
        // A flagged reward paid on review counts on the day of the decision.
        const decided = status !== 'flagged' && r.next() < 0.4 ? timeIn(r.pick(days)) : null;
        const amount = r.int(1, 20) * 1000;
        if (status === 'paid') costs.push({ site, at: decided ?? at, amount, kind: 'promo' });
        await db
          .insertInto('promo_rewards')
          .values({
            id: `pr${seq++}`,
            promotion_id: 'p1',
            member_id: id,
            site_code: site,
            period_key: `k${seq}`,
            amount,
            wagering: 0,
            status,
            source_cn: '',
            source_tw: '',
            ref: '',
            flag_reason: null,
            journal_id: null,
            decided_by: decided ? 'risk' : null,
            decided_at: decided,
            created_at: at,
          })
          .execute();
      }
      if (r.next() < 0.6) {
        const at = timeIn(r.pick(days));
        const claimed = r.next() < 0.7;
        const amount = r.int(1, 10) * 1000;
        if (claimed) costs.push({ site, at, amount, kind: 'vip' });
        await db
          .insertInto('vip_rewards')
          .values({
            id: `vr${seq++}`,
            member_id: id,
            site_code: site,
            kind: 'weekly',
            period: `w${seq}`,
            grade: 1,
            amount,
            multiple: 1,
            status: claimed ? 'claimed' : 'available',
            journal_id: null,
            created_at: at - 1000,
            claimed_at: claimed ? at : null,
          })
          .execute();
      }
      for (const day of days)
        if (r.next() < 0.4) {
          const at = timeIn(day);
          const amount = r.int(1, 500) * 10;
          costs.push({ site, at, amount, kind: 'rebate' });
          await db
            .insertInto('vip_rebates')
            .values({
              member_id: id,
              day: businessDay(at - DAY_MS),
              site_code: site,
              grade: 1,
              valid: amount * 100,
              amount,
              detail: '{}',
              journal_id: null,
              paid_at: at,
            })
            .execute();
        }
    }
  return { days, members, model: modelOf(days, { members, deposits, withdrawals, bets, costs }) };
}

/** The independent model: each figure summed straight from the generated rows. */
function modelOf(
  days: string[],
  d: {
    members: { id: string; site: number; created: number }[];
    deposits: { site: number; member: string; at: number; amount: number; status: string; no: string }[];
    withdrawals: { site: number; at: number; amount: number; status: string }[];
    bets: { site: number; member: string; at: number; stake: number; valid: number; payout: number }[];
    costs: { site: number; at: number | null; amount: number; kind: 'promo' | 'vip' | 'rebate' }[];
  },
): Map<string, ModelDay> {
  const m = new Map<string, ModelDay>();
  const zero = (): ModelDay => {
    const { day: _day, ggr: _ggr, netRevenue: _net, ...figures } = emptyDay('');
    return figures;
  };
  for (const site of SITES) for (const day of days) m.set(key(site, day), zero());
  const at = (site: number, t: number) => m.get(key(site, businessDay(t)));
  return finish(m, d, at);
}

function finish(
  m: Map<string, ModelDay>,
  d: Parameters<typeof modelOf>[1],
  at: (site: number, t: number) => ModelDay | undefined,
): Map<string, ModelDay> {
  for (const x of d.members) {
    const day = at(x.site, x.created);
    if (day) day.registrations++;
  }
  const paid = d.deposits.filter((x) => x.status === 'paid').sort((a, b) => a.at - b.at || a.no.localeCompare(b.no));
  const seen = new Set<string>();
  const depositors = new Map<string, Set<string>>();
  for (const x of paid) {
    const day = at(x.site, x.at);
    const first = !seen.has(x.member);
    seen.add(x.member);
    if (!day) continue;
    day.depositCount++;
    day.depositAmount += x.amount;
    const k = `${x.site}:${businessDay(x.at)}`;
    depositors.set(k, (depositors.get(k) ?? new Set()).add(x.member));
    if (first) {
      day.firstDepositCount++;
      day.firstDepositAmount += x.amount;
    }
  }
  for (const [k, s] of depositors) m.get(k)!.depositors = s.size;
  for (const x of d.withdrawals.filter((w) => w.status === 'paid')) {
    const day = at(x.site, x.at)!;
    day.withdrawCount++;
    day.withdrawAmount += x.amount;
  }
  const players = new Map<string, Set<string>>();
  for (const b of d.bets) {
    const day = at(b.site, b.at)!;
    day.bets++;
    day.stake += b.stake;
    day.valid += b.valid;
    day.payout += b.payout;
    const k = `${b.site}:${businessDay(b.at)}`;
    players.set(k, (players.get(k) ?? new Set()).add(b.member));
  }
  for (const [k, s] of players) m.get(k)!.activePlayers = s.size;
  for (const c of d.costs) {
    const day = at(c.site, c.at!);
    if (!day) continue;
    if (c.kind === 'promo') day.promoCost += c.amount;
    else if (c.kind === 'vip') day.vipBonusCost += c.amount;
    else day.rebateCost += c.amount;
  }
  return m;
}

export const modelKey = key;
