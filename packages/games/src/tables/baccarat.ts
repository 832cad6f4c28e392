/**
 * Baccarat (百家乐) by the standard Punto Banco rules: card values (A = 1, 2–9 face, 10/J/Q/K = 0),
 * naturals on 8 or 9, the player's third card on 0–5, the banker's by the third-card table, and the bets'
 * outcomes: player 1:1, banker 1:1 less 5% commission (or the no-commission variant: banker winning with 6 pays
 * 1:2), tie 8:1 (player and banker bets push on a tie), player pair and banker pair 11:1 (the first two cards
 * of that hand of the same rank).
 */
import { rankOf, type Card } from './cards.ts';
import { payoutFen } from './paytable.ts';

export const cardValue = (c: Card): number => Math.min(rankOf(c) + 1, 10) % 10;
export const handValue = (cards: readonly Card[]): number => cards.reduce((t, c) => t + cardValue(c), 0) % 10;

/** Does the player draw a third card (total of the first two)? */
export const playerDraws = (playerTotal: number): boolean => playerTotal <= 5;

/**
 * Does the banker draw (their two-card total, and the player's third card's value or null when the player stood)?
 * Player stood: banker draws on 0–5. Otherwise: 0–2 always; 3 unless the third card is 8; 4 on 2–7; 5 on 4–7; 6 on 6–7; 7 stands.
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

export type BaccaratWinner = 'banker' | 'player' | 'tie';

export interface BaccaratHand {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  /** A two-card 8 or 9 on either side. */
  natural: boolean;
}

/**
 * One coup from the cards in dealing order (P, B, P, B, then third cards as the rules call them). Answers the
 * hand and how many cards it used (4 to 6).
 */
export function dealBaccarat(draw: () => Card): BaccaratHand {
  const player = [draw()];
  const banker = [draw()];
  player.push(draw());
  banker.push(draw());
  const p2 = handValue(player);
  const b2 = handValue(banker);
  const natural = p2 >= 8 || b2 >= 8;
  if (!natural) {
    let third: number | null = null;
    if (playerDraws(p2)) {
      const c = draw();
      player.push(c);
      third = cardValue(c);
    }
    if (bankerDraws(b2, third)) banker.push(draw());
  }
  const playerTotal = handValue(player);
  const bankerTotal = handValue(banker);
  return {
    player,
    banker,
    playerTotal,
    bankerTotal,
    winner: playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie',
    playerPair: rankOf(player[0]!) === rankOf(player[1]!),
    bankerPair: rankOf(banker[0]!) === rankOf(banker[1]!),
    natural,
  };
}

export type BaccaratBet = 'banker' | 'player' | 'tie' | 'playerPair' | 'bankerPair';
export const BACCARAT_BETS: readonly BaccaratBet[] = ['banker', 'player', 'tie', 'playerPair', 'bankerPair'];
export type BaccaratVariant = 'commission' | 'noCommission';

/**
 * What a stake comes back as (stake included), in units of the stake: 0 lost, 1 push, 1.95 banker with
 * commission, 1.5 no-commission banker winning with 6, 9 tie, 12 pairs.
 */
export function baccaratReturn(bet: BaccaratBet, h: BaccaratHand, variant: BaccaratVariant): number {
  switch (bet) {
    case 'player':
      return h.winner === 'player' ? 2 : h.winner === 'tie' ? 1 : 0;
    case 'banker':
      if (h.winner === 'tie') return 1;
      if (h.winner !== 'banker') return 0;
      if (variant === 'commission') return 1.95;
      return h.bankerTotal === 6 ? 1.5 : 2;
    case 'tie':
      return h.winner === 'tie' ? 9 : 0;
    case 'playerPair':
      return h.playerPair ? 12 : 0;
    case 'bankerPair':
      return h.bankerPair ? 12 : 0;
  }
}

/** Same in integer money (fen), rounded down like every table payout (paytable.ts payoutFen). */
export function baccaratPayoutFen(bet: BaccaratBet, stakeFen: number, h: BaccaratHand, variant: BaccaratVariant): number {
  return payoutFen(baccaratReturn(bet, h, variant), stakeFen);
}
