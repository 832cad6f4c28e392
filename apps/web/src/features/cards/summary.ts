/**
 * A 棋牌 round in one line, for the fairness page: each hand (the banker first) with its cards or tiles and its
 * name, and each spot's result — 'B ♠K ♥7 ♦7 ♠3 ♣9 牛六 | 天 … 牛八 W×2 | …'.
 */
import {
  cardName,
  NIU_RANK_NAMES,
  pai28HandName,
  sangongHandName,
  type NiuniuRound,
  type Pai28Round,
  type SangongRound,
} from '@portal/games';

export function cardsRoundSummary(o: Record<string, unknown>): string {
  if (o.kind === 'niuniu') {
    const r = o.round as NiuniuRound;
    const hand = (h: NiuniuRound['banker']) => `${h.cards.map(cardName).join(' ')} ${NIU_RANK_NAMES[h.rank]}`;
    return [`B ${hand(r.banker)}`, ...r.results.map((x) => `${x.spot} ${hand(r.spots[x.spot])} ${x.win ? 'W' : 'L'}×${x.multiple}`)].join(
      ' | ',
    );
  }
  if (o.kind === 'sangong') {
    const r = o.round as SangongRound;
    const hand = (h: SangongRound['banker']) => `${h.cards.map(cardName).join(' ')} ${sangongHandName(h)}`;
    return [`B ${hand(r.banker)}`, ...r.results.map((x) => `${x.spot} ${hand(r.spots[x.spot])} ${x.win ? 'W' : 'L'}`)].join(' | ');
  }
  const r = o.round as Pai28Round;
  const hand = (h: Pai28Round['banker']) => `${h.tiles.map((t) => (t % 10 === 0 ? 'W' : String(t % 10))).join(' ')} ${pai28HandName(h)}`;
  return [`B ${hand(r.banker)}`, ...r.results.map((x) => `${x.spot} ${hand(r.spots[x.spot])} ${x.win ? 'W' : 'L'}`)].join(' | ');
}
