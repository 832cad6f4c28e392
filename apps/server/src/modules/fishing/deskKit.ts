/**
 * A fishing node without HTTP, for the batch model test, the takeover test's nodes and the bench's ledger figures:
 * a FishingService on a database with the catalogue and eligibility checks passed (the HTTP tests cover those), a
 * member's caller, a funded fishing wallet.
 */
import type { Db } from '../../db/connect.ts';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post } from '../../ledger/ledger.ts';
import { NO_GATE } from '../../ledger/wager.ts';
import type { MemberCaller } from '../user/caller.ts';
import { FISHING_VENUE } from './config.ts';
import { FishingService, type FishingOptions } from './service.ts';

export const deskWallet = (memberId: string) => memberAccount(memberId, 'venue', 'CNY', FISHING_VENUE);

export function deskNode(db: Db, opts: FishingOptions = {}): FishingService {
  return new FishingService(
    db,
    { playable: () => Promise.resolve({} as never) },
    { check: () => Promise.resolve(), gate: () => NO_GATE },
    opts,
  );
}

/** The caller a route would give the service (member, brand 7000, zh-CN) with the request's key. */
export function deskCaller(memberId: string, requestKey = `req-${memberId}`): MemberCaller {
  return {
    requestId: requestKey,
    requestKey,
    locale: 'zh-CN',
    site: { siteCode: 7000 },
    ip: '127.0.0.1',
    origin: '',
    uuid: 'desk',
    client: 'web',
    member: {
      id: memberId,
      siteCode: 7000,
      tokenHash: '',
      name: memberId,
      protection: 0,
      sessionStartedAt: 0,
      row: () => Promise.reject(new Error('desk')),
    },
  } as unknown as MemberCaller;
}

/** Funds fishing wallets from the house's clearing account, in one journal. */
export function fundDesk(db: Db, refId: string, members: readonly string[], fen: number) {
  return moneyStep(db, (tx) =>
    post(tx, {
      kind: 'test.fund',
      currency: 'CNY',
      refType: 'test',
      refId,
      lines: [
        { account: houseAccount('clearing', 'fishing'), amount: -fen * members.length },
        ...members.map((m) => ({ account: deskWallet(m), amount: fen })),
      ],
    }),
  );
}
