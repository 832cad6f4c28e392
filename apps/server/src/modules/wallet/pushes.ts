/**
 * Wallet pushes: after a round or a bet settles (its transaction committed), each bettor learns their own result and
 * the wallet's new balance on their member channel (realtime 30002), so game pages and the header wallet follow
 * without re-reading over HTTP. The balance and its ledger version are read once per batch, after the commit; a
 * client applies a push only when its version is newer than the one it holds. Delivery is at most once (the bus):
 * a page re-reads over HTTP after a reconnect.
 */
import type { MemberWalletPush, WalletResult } from '@portal/contract';
import type { Db } from '../../db/connect.ts';
import { accountId, memberAccount } from '../../ledger/accounts.ts';
import { balancesWithVersions } from '../../ledger/ledger.ts';
import { fenToYuanString as yuanOf } from '@portal/rules';
import type { BettorResult } from '../tables/settle.ts';

export type PublishWallets = (pushes: { memberId: string; push: MemberWalletPush }[]) => Promise<void>;

/** One member's change at a venue wallet, with the result that caused it (null: a balance change only). */
export interface WalletChange {
  memberId: string;
  /** The venue wallet's channel code; '' for the member's central wallet (a seamless-wallet game plays from it). */
  channelCode: string;
  /** The wallet as the step left it, when the step knows it (nothing is read then). */
  known?: { balanceFen: number; version: number };
  result:
    | (Omit<WalletResult, 'stake' | 'payout' | 'bets'> & {
        stakeFen: number;
        payoutFen: number;
        bets?: { betId: string; status: WalletResult['status']; payoutFen: number }[];
      })
    | null;
}

export class WalletPushes {
  /** Where a failed push is reported (main.ts: the log). */
  onError: (e: unknown) => void = () => undefined;

  constructor(
    private readonly db: Db,
    private readonly publish: PublishWallets,
  ) {}

  /** Reads the wallets' balances and versions (one statement) and publishes; never throws (a push is best effort). */
  send(changes: readonly WalletChange[]): void {
    if (changes.length === 0) return;
    void this.build(changes)
      .then((pushes) => this.publish(pushes))
      .catch((e: unknown) => this.onError(e));
  }

  async build(changes: readonly WalletChange[]): Promise<{ memberId: string; push: MemberWalletPush }[]> {
    const refs = changes.map((c) =>
      c.channelCode ? memberAccount(c.memberId, 'venue', 'CNY', c.channelCode) : memberAccount(c.memberId, 'central'),
    );
    const unknown = refs.filter((_, i) => !changes[i]!.known);
    const states = unknown.length ? await balancesWithVersions(this.db, unknown) : new Map<string, { balance: number; version: number }>();
    return changes.flatMap((c, i) => {
      const s = c.known ? { balance: c.known.balanceFen, version: c.known.version } : states.get(accountId(refs[i]!));
      if (!s) return [];
      const r = c.result;
      const result: WalletResult | null = r
        ? {
            game: r.game,
            gameCode: r.gameCode,
            roundId: r.roundId,
            issue: r.issue,
            status: r.status,
            stake: yuanOf(r.stakeFen),
            payout: yuanOf(r.payoutFen),
            bets: (r.bets ?? []).map((b) => ({ betId: b.betId, status: b.status, payout: yuanOf(b.payoutFen) })),
          }
        : null;
      return [{ memberId: c.memberId, push: { channelCode: c.channelCode, balance: yuanOf(s.balance), version: s.version, result } }];
    });
  }
}

/** A table or draw batch's results as wallet changes. */
export function tableChanges(results: readonly BettorResult[]): WalletChange[] {
  return results.map((r) => ({
    memberId: r.memberId,
    channelCode: r.channelCode,
    result: {
      game: r.game,
      gameCode: r.tableCode,
      roundId: r.roundId,
      issue: r.issue,
      status: r.status,
      stakeFen: r.stakeFen,
      payoutFen: r.payoutFen,
      bets: r.bets,
    },
  }));
}
