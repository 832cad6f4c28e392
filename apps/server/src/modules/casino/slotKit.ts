/** Helpers of the house slot tests and benchmarks: a member with money in the CRDZ wallet, launch, resource calls. */
import { randomUUID } from 'node:crypto';
import { memberAccount } from '../../ledger/accounts.ts';
import { balanceOf } from '../../ledger/ledger.ts';
import { creditCentral, nextIp } from '../../test/flows.ts';
import type { Harness } from '../../test/harness.ts';

export const G = '/game/api/v1/';
export const CRDZ = 'CRDZ';
export const spinKey = () => `spin-${randomUUID()}`;

export interface SlotPlayer {
  token: string;
  userId: string;
  venueToken: string;
}

/** A member with `fen` in the house slots' wallet, moved there by the wallet's venue transfer, and launched into `gameCode`. */
export async function slotPlayer(h: Harness, fen: number, gameCode = 'H5001', site?: number, channel = CRDZ): Promise<SlotPlayer> {
  const m = await h.member(undefined, undefined, { ip: nextIp(), ...(site ? { site } : {}) });
  if (fen > 0) {
    await creditCentral(h, m.userId, fen);
    const t = await h.call(
      '/fd/api/v1/transfer/utcTransfer',
      { channelCode: channel, amount: (fen / 100).toFixed(2), ty: 1 },
      { token: m.token, headers: { 'idempotency-key': spinKey() }, ...(site ? { site } : {}) },
    );
    if (t.status_code !== 6000) throw new Error(JSON.stringify(t));
  }
  const l = await h.call(`${G}launch`, { enName: channel, gameCode }, { token: m.token, ...(site ? { site } : {}) });
  if (l.status_code !== 6000) throw new Error(JSON.stringify(l));
  return { token: m.token, userId: m.userId, venueToken: l.data.data.token };
}

export function slotCall(
  h: Harness,
  p: SlotPlayer,
  method: string,
  extra: Record<string, unknown> = {},
  o: { site?: number; lang?: string; enName?: string } = {},
) {
  return h.call(
    `${G}resource`,
    {
      method,
      enName: o.enName ?? 'crdz',
      Request: { timestamp: Date.now(), token: p.venueToken, langx: 'zh-cn', remoteip: '127.0.0.1', ...extra },
    },
    { token: p.token, ...(o.site ? { site: o.site } : {}), ...(o.lang ? { headers: { 'x-lang': o.lang } } : {}) },
  );
}

export const slotWalletFen = (h: Harness, userId: string) => balanceOf(h.s.handle.db, memberAccount(userId, 'venue', 'CNY', CRDZ));
