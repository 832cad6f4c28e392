/**
 * Wallet pushes (realtime 30002): the balance and ledger version of the wallet that changed — a venue wallet, or the
 * central wallet ('' : a seamless-wallet game's bets and wins) — with the result that changed it; a known balance is
 * sent without a read; a seamless bet applied once pushes the member's new central balance once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MemberWalletPush } from '@portal/contract';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { moneyStep } from '../../ledger/idempotency.ts';
import { post } from '../../ledger/ledger.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { WalletPushes } from './pushes.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const fund = (m: string, account: ReturnType<typeof memberAccount>, fen: number) =>
  moneyStep(h.s.handle.db, (tx) =>
    post(tx, {
      kind: 'test.fund',
      currency: 'CNY',
      refType: 'test',
      refId: m,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -fen },
        { account, amount: fen },
      ],
    }),
  );

it('reads the changed wallet (venue or central) once per batch, sends a known one as it is, and carries the result', async () => {
  const sent: { memberId: string; push: MemberWalletPush }[] = [];
  const pushes = new WalletPushes(h.s.handle.db, async (p) => void sent.push(...p));
  await fund('wp-1', memberAccount('wp-1', 'central'), 12_345);
  await fund('wp-2', memberAccount('wp-2', 'venue', 'CNY', 'CRZR'), 500);
  const built = await pushes.build([
    { memberId: 'wp-1', channelCode: '', result: null },
    {
      memberId: 'wp-2',
      channelCode: 'CRZR',
      result: { game: 'table', gameCode: 'BAC1', roundId: 'BAC1-3', issue: '1-3', status: 'won', stakeFen: 100, payoutFen: 195, bets: [] },
    },
    { memberId: 'wp-3', channelCode: 'CRDZ', known: { balanceFen: 777, version: 42 }, result: null },
  ]);
  expect(built.map((b) => [b.memberId, b.push.channelCode, b.push.balance])).toEqual([
    ['wp-1', '', '123.45'],
    ['wp-2', 'CRZR', '5.00'],
    ['wp-3', 'CRDZ', '7.77'],
  ]);
  expect(built[0]!.push.version).toBeGreaterThan(0);
  expect(built[1]!.push.result).toMatchObject({ stake: '1.00', payout: '1.95', status: 'won', issue: '1-3' });
  expect(built[2]!.push.version).toBe(42);
});
