/** Test helpers of the seamless wallet: a funded member with a launch token, and the sandbox aggregator over app.inject. */
import { SEAMLESS_PREFIX } from '@portal/contract';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { balanceOf, post } from '../../ledger/ledger.ts';
import type { Harness } from '../../test/harness.ts';
import { SANDBOX_AGGREGATOR, seamlessAggregators } from './aggregators.ts';
import { SandboxAggregator, type ChaosOptions, type SeamlessTransport } from './sandboxAggregator.ts';

let ipSeq = 0;

export async function fundedPlayer(h: Harness, fen: number, issuedAt = Date.now()) {
  const m = await h.member(undefined, undefined, { ip: `10.88.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}` });
  if (fen > 0)
    await h.s.handle.db.transaction().execute((tx) =>
      post(tx, {
        kind: 'deposit',
        currency: 'CNY',
        refType: 'test',
        refId: m.userId,
        memberId: m.userId,
        lines: [
          { account: houseAccount('clearing', 'test'), amount: -fen },
          { account: memberAccount(m.userId, 'central'), amount: fen },
        ],
      }),
    );
  const launch = await h.s.seamless.issueLaunchToken(m.userId, 7000, SANDBOX_AGGREGATOR, issuedAt);
  return { userId: m.userId, token: launch.token, playerId: launch.playerId };
}

export const central = (h: Harness, userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'central'));
export const locked = (h: Harness, userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'locked'));

export const injectTransport =
  (h: Harness): SeamlessTransport =>
  async (op, raw, headers) => {
    const res = await h.app.inject({ method: 'POST', url: `${SEAMLESS_PREFIX}/${op}`, headers, payload: raw });
    return { http: res.statusCode, text: res.body };
  };

export function sandboxAggregator(h: Harness, chaos: Partial<ChaosOptions> = {}) {
  const secret = seamlessAggregators(h.config).get(SANDBOX_AGGREGATOR)!;
  return new SandboxAggregator(injectTransport(h), secret, SANDBOX_AGGREGATOR, chaos);
}

/** A seeded [0, 1) generator (mulberry32): a failing randomized run can be replayed by its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
