/**
 * Shared-table games as data: a game is its outcomes with their exact weights and its bets, each
 * answering what a winning stake returns (stake included, in units of the stake; 0 lost, 1 push). The exact RTP
 * of a bet is Σ weight × return / Σ weight — enumerated, not simulated.
 */
export interface TableBet<O> {
  key: string;
  /** Chinese name as the table shows it. */
  name: string;
  /** The return per unit stake for an outcome. */
  returns(o: O): number;
}

export interface TableGame<O> {
  code: string;
  name: string;
  /** Every outcome with its weight (equally likely outcomes: weight 1). */
  outcomes(): Iterable<readonly [O, number]>;
  bets: readonly TableBet<O>[];
}

/** Each bet's exact RTP over the game's outcomes. */
export function tableRtp<O>(g: TableGame<O>): Record<string, number> {
  let total = 0;
  const sums = new Map<string, number>(g.bets.map((b) => [b.key, 0]));
  for (const [o, w] of g.outcomes()) {
    total += w;
    for (const b of g.bets) {
      const r = b.returns(o);
      if (r !== 0) sums.set(b.key, sums.get(b.key)! + w * r);
    }
  }
  return Object.fromEntries([...sums].map(([k, s]) => [k, s / total]));
}

/** The winning bets' payout in fen for a stake, rounding down (odds such as 1.95 on odd stakes). */
export function payoutFen(returns: number, stakeFen: number): number {
  return Math.floor((Math.round(returns * 10_000) * stakeFen) / 10_000);
}
