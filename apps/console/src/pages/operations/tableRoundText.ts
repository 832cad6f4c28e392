/**
 * How the house tables' rounds read in the console (桌台开奖): the status tags and a short text of a round's outcome
 * (@portal/games TableOutcome, typed `unknown` by the console contract, so every field is checked before use).
 */
import type { ConsoleTableRound } from '@portal/contract/console';

export const ROUND_STATUS_TAGS: Record<ConsoleTableRound['status'], { text: string; color: string }> = {
  betting: { text: '下注中', color: 'blue' },
  drawn: { text: '已开奖待结算', color: 'gold' },
  settled: { text: '已结算', color: 'green' },
  cancelled: { text: '已取消', color: 'red' },
};

/** A round still open to a cancel: no payout has been made yet. */
export const isOpenRound = (r: Pick<ConsoleTableRound, 'status'>) => r.status === 'betting' || r.status === 'drawn';

/** A long hex seed or hash shortened for a table cell: the first 8 and the last 6 characters. */
export const shortHash = (h: string) => (h.length > 16 ? `${h.slice(0, 8)}…${h.slice(-6)}` : h);

/** Who cancelled a round, as the server records it (`staff:<username>`, `ops:<operator>`). */
export function cancelledByText(by: string | null): string {
  if (!by) return '';
  const [kind, name] = by.split(':', 2) as [string, string | undefined];
  if (name === undefined) return by;
  if (kind === 'staff') return name;
  if (kind === 'ops') return `命令行（${name}）`;
  return by;
}

const SUITS = ['♠', '♥', '♣', '♦'];
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
/** European roulette's red pockets (packages/games/src/tables/roulette.ts RED_NUMBERS). */
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const WINNERS: Record<string, string> = { banker: '庄赢', player: '闲赢', dragon: '龙赢', tiger: '虎赢', tie: '和' };

/** 棋牌 spots (百人牛牛 天地玄黄, 二八杠's doors; 二八杠's 天门 is 'tian' too). */
const SPOT_NAMES: Record<string, string> = { tian: '天', di: '地', xuan: '玄', huang: '黄', shun: '顺', wei: '尾' };
/** A 二八杠 tile 0–39: face v % 10, 0 白板. */
const tileText = (t: number) => (t % 10 === 0 ? '白板' : `${t % 10}筒`);

const isInt = (v: unknown): v is number => Number.isInteger(v);
const ints = (v: unknown, n?: number): v is number[] => Array.isArray(v) && v.every(isInt) && (n === undefined || v.length === n);

/** A card 0..51 (rank = c % 13 with A = 0, suit = ⌊c / 13⌋ ♠♥♣♦) → '♠K'. */
export function cardText(c: number): string {
  return isInt(c) && c >= 0 && c < 52 ? `${SUITS[Math.floor(c / 13)]}${RANKS[c % 13]}` : '?';
}

/**
 * A round's outcome in a few characters: baccarat 庄 7 : 闲 5 · 庄赢, dragon-tiger 龙 ♠K : 虎 ♥5 · 龙赢, dice 3-5-6（14）,
 * roulette 17 黑, five digits 1 2 3 4 5, a race's order winner first 3-1-10-…; '-' when there is none (not yet revealed).
 */
export function outcomeText(outcome: unknown): string {
  if (!outcome || typeof outcome !== 'object') return '-';
  const o = outcome as Record<string, unknown>;
  const hand = (o.hand ?? {}) as Record<string, unknown>;
  switch (o.kind) {
    case 'baccarat': {
      if (!isInt(hand.bankerTotal) || !isInt(hand.playerTotal)) break;
      const pairs = [hand.bankerPair === true && '庄对', hand.playerPair === true && '闲对'].filter(Boolean);
      const winner = WINNERS[String(hand.winner)];
      return [`庄 ${hand.bankerTotal} : 闲 ${hand.playerTotal}`, winner, ...pairs].filter(Boolean).join(' · ');
    }
    case 'dragonTiger': {
      if (!isInt(hand.dragon) || !isInt(hand.tiger)) break;
      const winner = WINNERS[String(hand.winner)];
      return [`龙 ${cardText(hand.dragon)} : 虎 ${cardText(hand.tiger)}`, winner].filter(Boolean).join(' · ');
    }
    case 'sicbo':
    case 'k3':
      if (!ints(o.dice, 3)) break;
      return `${o.dice.join('-')}（${o.dice.reduce((a, b) => a + b, 0)}）`;
    case 'roulette':
      if (!isInt(o.pocket)) break;
      return `${o.pocket} ${o.pocket === 0 ? '绿' : RED.has(o.pocket) ? '红' : '黑'}`;
    case 'digit5':
      if (!ints(o.digits)) break;
      return o.digits.join(' ');
    case 'race10':
      if (!ints(o.order)) break;
      return o.order.join('-');
    case 'niuniu':
    case 'sangong':
    case 'pai28': {
      // 棋牌: the banker's hand, then each spot 胜/负 (牛牛 with the multiple that paid).
      const r = o.round as { banker?: unknown; results?: { spot: string; win: boolean; multiple?: number }[] } | undefined;
      if (!r?.results) break;
      const spots = r.results.map(
        (x) => `${SPOT_NAMES[x.spot] ?? x.spot}${x.win ? '胜' : '负'}${o.kind === 'niuniu' ? `×${x.multiple}` : ''}`,
      );
      const b = (r.banker ?? {}) as { cards?: unknown; tiles?: unknown };
      const banker =
        o.kind !== 'pai28'
          ? ints(b.cards)
            ? b.cards.map(cardText).join(' ')
            : '?'
          : ints(b.tiles)
            ? b.tiles.map(tileText).join(' ')
            : '?';
      return `庄 ${banker} · ${spots.join(' ')}`;
    }
  }
  return '-';
}
