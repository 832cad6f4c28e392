import { describe, expect, it } from 'vitest';
import { cancelledByText, cardText, isOpenRound, outcomeText, shortHash } from './tableRoundText.ts';

describe('table round texts', () => {
  it('reads every kind of outcome in a few characters', () => {
    const baccarat = {
      kind: 'baccarat',
      hand: {
        player: [],
        banker: [],
        playerTotal: 5,
        bankerTotal: 7,
        winner: 'banker',
        playerPair: false,
        bankerPair: true,
        natural: false,
      },
    };
    expect(outcomeText(baccarat)).toBe('庄 7 : 闲 5 · 庄赢 · 庄对');
    expect(outcomeText({ kind: 'baccarat', hand: { ...baccarat.hand, bankerTotal: 5, winner: 'tie', bankerPair: false } })).toBe(
      '庄 5 : 闲 5 · 和',
    );
    // Cards 0..51: rank c % 13 (A = 0), suit ⌊c / 13⌋ ♠♥♣♦.
    expect(outcomeText({ kind: 'dragonTiger', hand: { dragon: 12, tiger: 17, winner: 'dragon' } })).toBe('龙 ♠K : 虎 ♥5 · 龙赢');
    expect(outcomeText({ kind: 'sicbo', dice: [3, 5, 6] })).toBe('3-5-6（14）');
    expect(outcomeText({ kind: 'k3', dice: [1, 1, 2] })).toBe('1-1-2（4）');
    expect(outcomeText({ kind: 'roulette', pocket: 17 })).toBe('17 黑');
    expect(outcomeText({ kind: 'roulette', pocket: 32 })).toBe('32 红');
    expect(outcomeText({ kind: 'roulette', pocket: 0 })).toBe('0 绿');
    expect(outcomeText({ kind: 'digit5', digits: [0, 9, 3, 3, 1] })).toBe('0 9 3 3 1');
    expect(outcomeText({ kind: 'race10', order: [3, 1, 10, 2, 5, 7, 4, 9, 6, 8] })).toBe('3-1-10-2-5-7-4-9-6-8');
  });

  it('shows - for no outcome, an unknown kind or a malformed one', () => {
    expect(outcomeText(null)).toBe('-');
    expect(outcomeText({ kind: 'keno', balls: [1] })).toBe('-');
    expect(outcomeText({ kind: 'sicbo', dice: [3, 5] })).toBe('-');
    expect(outcomeText({ kind: 'baccarat' })).toBe('-');
    expect(cardText(52)).toBe('?');
  });

  it('棋牌 rounds: the banker’s cards or tiles, each spot 胜/负 (牛牛 with the multiple that paid)', () => {
    const niuniu = {
      kind: 'niuniu',
      round: {
        banker: { cards: [12, 19, 45, 2, 34] },
        results: [
          { spot: 'tian', win: true, multiple: 2 },
          { spot: 'di', win: false, multiple: 1 },
        ],
      },
    };
    expect(outcomeText(niuniu)).toBe('庄 ♠K ♥7 ♦7 ♠3 ♣9 · 天胜×2 地负×1');
    const pai28 = { kind: 'pai28', round: { banker: { tiles: [10, 8] }, results: [{ spot: 'shun', win: true }] } };
    expect(outcomeText(pai28)).toBe('庄 白板 8筒 · 顺胜');
    expect(outcomeText({ kind: 'niuniu', round: {} })).toBe('-');
  });

  it('shortens hashes, names who cancelled, knows the open rounds', () => {
    expect(shortHash('0123456789abcdef0123456789abcdef')).toBe('01234567…abcdef');
    expect(shortHash('abc')).toBe('abc');
    expect(cancelledByText('staff:admin')).toBe('admin');
    expect(cancelledByText('ops:root')).toBe('命令行（root）');
    expect(cancelledByText(null)).toBe('');
    expect(['betting', 'drawn', 'settled', 'cancelled'].map((status) => isOpenRound({ status: status as 'betting' }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
