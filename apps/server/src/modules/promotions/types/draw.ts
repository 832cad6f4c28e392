/**
 * Draw gift: a wheel with server-side weighted odds that anyone can audit afterwards. Each member's
 * next spin has a secret seed whose sha256 (the commit) is shown before the spin; the spin's outcome is
 * HMAC-SHA256(seed, "<memberId>:<spinNo>"), its first 52 bits as a fraction of the total weight. The
 * record then reveals the seed, so commit, seed, hmac and prize can be checked by hand (verifySpin).
 * Spins are earned by the business day's deposits and valid turnover, up to a daily maximum.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { StatusCode } from '@portal/contract';
import { fail } from '../../../lib/errors.ts';
import type { PromoDrawSpinTable } from '../../../db/schema.ts';
import { grantReward } from '../engine.ts';
import { refuse, rewardMessage, type PromoCtx, type SpinView, type TypeHandler } from '../handler.ts';
import { parseParams, type ParamsOf } from '../params.ts';
import { promoRepository as repo } from '../repository.ts';
import { dayStart, fmt, iso, L } from '../view.ts';
import { validTurnover } from './daily.ts';
import { businessDay, yuan } from '@portal/rules';

const DAY_MS = 86_400_000;
type Prize = ParamsOf<'draw_gift'>['prizes'][number];

export const newSeed = () => randomBytes(32).toString('hex');
export const commitOf = (seed: string) => createHash('sha256').update(seed).digest('hex');

/** The prize a spin lands on: deterministic from seed, member and spin number. */
export function spinOutcome(seed: string, memberId: string, spinNo: number, prizes: readonly Prize[]): { hmac: string; index: number } {
  const hmac = createHmac('sha256', seed).update(`${memberId}:${spinNo}`).digest('hex');
  const total = prizes.reduce((s, p) => s + p.weight, 0);
  const point = Math.floor((parseInt(hmac.slice(0, 13), 16) / 2 ** 52) * total);
  let acc = 0;
  const index = prizes.findIndex((p) => (acc += p.weight) > point);
  return { hmac, index: index < 0 ? prizes.length - 1 : index };
}

/** Re-checks a revealed spin: the seed matches the commit shown before, and the prize follows from it. */
export function verifySpin(
  s: Pick<PromoDrawSpinTable, 'seed' | 'commit_hash' | 'member_id' | 'spin_no' | 'prize_index' | 'hmac'>,
  prizes: readonly Prize[],
): boolean {
  if (commitOf(s.seed) !== s.commit_hash) return false;
  const o = spinOutcome(s.seed, s.member_id, s.spin_no, prizes);
  return o.hmac === s.hmac && o.index === s.prize_index;
}

async function drawState(c: PromoCtx) {
  const q = parseParams('draw_gift', JSON.parse(c.promo.params_json));
  const day = businessDay(c.now);
  const from = dayStart(day);
  const deposited = q.depositPerSpinFen > 0 ? await repo.depositedBetween(c.db, c.member.id, from, from + DAY_MS) : 0;
  const turnover = q.turnoverPerSpinFen > 0 ? await validTurnover(c.db, c.member.id, day, day, []) : 0;
  const earned = Math.min(
    q.maxSpinsPerDay,
    (q.depositPerSpinFen > 0 ? Math.floor(deposited / q.depositPerSpinFen) : 0) +
      (q.turnoverPerSpinFen > 0 ? Math.floor(turnover / q.turnoverPerSpinFen) : 0),
  );
  const used = await repo.spinsSince(c.db, c.promo.id, c.member.id, from);
  return { q, earned, left: Math.max(0, earned - used) };
}

function spinView(s: PromoDrawSpinTable, prizes: readonly Prize[], c: PromoCtx): SpinView {
  const p = prizes[s.prize_index];
  return {
    spinNo: s.spin_no,
    prizeIndex: s.prize_index,
    label: p ? L(c.locale, p.labelCn, p.labelTw) : '',
    amount: yuan(s.amount),
    commit: s.commit_hash,
    seed: s.seed,
    hmac: s.hmac,
    createdAt: iso(s.created_at),
  };
}

export const drawHandler: TypeHandler = {
  async eligibility(c) {
    return (await drawState(c)).left > 0 ? null : fmt('PROMO_NO_SPINS', c.locale);
  },
  async join(c, option) {
    if (!c.participation) {
      const seed = newSeed();
      await repo.join(c.db, {
        promotion_id: c.promo.id,
        member_id: c.member.id,
        site_code: c.member.site_code,
        joined_at: c.now,
        next_seed: seed,
        next_commit: commitOf(seed),
        spins_used: 0,
      });
      c.participation = await repo.participation(c.db, c.promo.id, c.member.id);
      if (option !== 'spin') return { joined: true, rewards: [], spin: null, message: fmt('PROMO_ELIGIBLE', c.locale) };
    } else if (option !== 'spin') {
      refuse('PROMO_JOINED', c.locale);
    }
    const s = await drawState(c);
    if (s.left <= 0) refuse('PROMO_NO_SPINS', c.locale);
    const part = c.participation!;
    const spinNo = part.spins_used + 1;
    const seed = part.next_seed!;
    const following = newSeed();
    // The spin number is claimed by a conditional update: a concurrent twin cannot spin the same number.
    if (!(await repo.claimSpin(c.db, c.promo.id, c.member.id, part.spins_used, following, commitOf(following))))
      fail(StatusCode.FREQUENT_SUBMISSION);
    const { hmac, index } = spinOutcome(seed, c.member.id, spinNo, s.q.prizes);
    const prize = s.q.prizes[index]!;
    const row: PromoDrawSpinTable = {
      promotion_id: c.promo.id,
      member_id: c.member.id,
      spin_no: spinNo,
      commit_hash: part.next_commit!,
      seed,
      hmac,
      prize_index: index,
      amount: prize.amountFen,
      created_at: c.now,
    };
    await repo.insertSpin(c.db, row);
    const r =
      prize.amountFen > 0
        ? await grantReward(
            c.db,
            {
              promo: c.promo,
              memberId: c.member.id,
              periodKey: `spin:${spinNo}`,
              amountFen: prize.amountFen,
              wageringFen: prize.amountFen * s.q.multiple,
              source: { cn: `第 ${spinNo} 次抽奖 · ${prize.labelCn}`, tw: `第 ${spinNo} 次抽獎 · ${prize.labelTw}` },
              ref: String(spinNo),
            },
            c.now,
          )
        : null;
    const rewards = r ? [r] : [];
    return {
      joined: true,
      rewards,
      spin: spinView(row, s.q.prizes, c),
      message: r ? rewardMessage(rewards, c.locale) : L(c.locale, prize.labelCn, prize.labelTw),
    };
  },
  async detail(c) {
    const s = await drawState(c);
    const total = s.q.prizes.reduce((a, p) => a + p.weight, 0);
    const spins = await repo.spins(c.db, c.promo.id, c.member.id);
    return {
      draw: {
        spinsEarned: s.earned,
        spinsLeft: s.left,
        nextCommit: c.participation?.next_commit ?? null,
        prizes: s.q.prizes.map((p) => ({
          label: L(c.locale, p.labelCn, p.labelTw),
          amount: yuan(p.amountFen),
          chance: `${((p.weight / total) * 100).toFixed(2)}%`,
        })),
        spins: spins.map((x) => spinView(x, s.q.prizes, c)),
        depositPerSpin: yuan(s.q.depositPerSpinFen),
        turnoverPerSpin: yuan(s.q.turnoverPerSpinFen),
      },
    };
  },
};
