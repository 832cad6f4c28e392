import { describe, expect, it } from 'vitest';
import { seededRng } from '../rng/seeded.ts';
import { floorBp, tableFigures } from '../figures.ts';
import { tableRtp } from '../tables/paytable.ts';
import { drawTableRound, tableBetTypes, tableOdds, tableRoundSeeds } from '../tables/rounds.ts';
import { stakeUnitFen } from '../tables/stakeUnit.ts';
import { NIUNIU_GAME, NIUNIU_PAIR_COUNTS, PAI28_GAME } from './games.ts';
import { compareNiu, NIU_RANK_NAMES, niuHand, niuniuFromCards, niuniuReturn } from './niuniu.ts';
import { niuniuRtpOf } from './niuniuRtp.ts';
import { pai28FromTiles, pai28Hand, pai28HandName, pai28Odds } from './pai28.ts';
import { checkCardTables, niuniuEnumerationProblems } from './rtpCheck.ts';
import { compareSangong, sangongFromCards, sangongHand, sangongHandName, sangongOdds } from './sangong.ts';
import { SANGONG_GAME } from './games.ts';

// Cards: rank = c % 13 (A 0, 2 1 … 10 9, J 10, Q 11, K 12), suit = ⌊c / 13⌋ (♠ ♥ ♣ ♦).
const S = (r: number) => r;
const H = (r: number) => 13 + r;
const C = (r: number) => 26 + r;
const D = (r: number) => 39 + r;
const [A, TEN, J, Q, K] = [0, 9, 10, 11, 12];
const name = (cards: number[]) => NIU_RANK_NAMES[niuHand(cards).rank];

describe('百人牛牛 hands (worked examples)', () => {
  it('牛N, 牛牛, 无牛: three cards making a ten, the other two the points', () => {
    expect(name([S(2), H(6), C(K), D(1), H(2)])).toBe('牛五'); // 3 + 7 + K = 20; 2 + 3 = 5
    expect(name([S(6), H(2), C(K), D(4), S(5)])).toBe('牛一'); // 7 + 3 + K; 5 + 6 = 11
    expect(name([S(TEN), H(J), C(Q), D(8), S(A)])).toBe('牛牛'); // 10 + J + Q; 9 + A = 10
    expect(name([S(A), H(1), C(3), D(5), S(8)])).toBe('无牛'); // A 2 4 6 9: no three make a ten
    expect(name([S(6), H(6), C(K), D(1), H(2)])).toBe('牛九'); // 7 + 3 + K; 7 + 2 = 9
    expect(niuHand([S(6), H(6), C(K), D(1), H(2)]).multiple).toBe(2);
  });

  it('the special hands: 四花, 五花, 炸弹, 五小牛 — and what is not one', () => {
    expect(name([S(J), H(Q), C(K), D(K), S(TEN)])).toBe('四花牛');
    expect(name([S(J), H(J), C(Q), D(K), S(K)])).toBe('五花牛');
    expect(name([S(7), H(7), C(7), D(7), S(A)])).toBe('炸弹');
    expect(name([S(A), H(A), S(1), H(1), S(2)])).toBe('五小牛'); // A A 2 2 3 = 9
    expect(name([S(A), H(A), C(A), D(A), S(1)])).toBe('五小牛'); // four aces and a 2: 五小牛 outranks the bomb
    expect(name([S(A), H(A), C(A), S(3), H(3)])).toBe('无牛'); // A A A 4 4 = 11: too much for 五小牛
    expect(name([S(J), H(Q), C(K), D(K), S(8)])).toBe('牛九'); // four faces and a 9: no 四花
    const specials = [
      [S(J), H(Q), C(K), D(K), S(TEN)],
      [S(J), H(J), C(Q), D(K), S(K)],
      [S(7), H(7), C(7), D(7), S(A)],
      [S(A), H(A), S(1), H(1), S(2)],
    ];
    expect(specials.map((c) => niuHand(c).multiple)).toEqual([4, 4, 5, 5]);
  });

  it('compares: the hand rank, then a bomb by its four, else the highest card, then its suit', () => {
    const niu5spade = niuHand([S(K), H(6), C(2), D(1), H(2)]);
    const niu5heart = niuHand([H(K), S(6), S(2), C(1), D(2)]);
    expect(niu5spade.rank).toBe(5);
    expect(niu5heart.rank).toBe(5);
    expect(compareNiu(niu5spade, niu5heart)).toBeGreaterThan(0);
    expect(compareNiu(niuHand([S(8), H(8), C(8), D(8), S(1)]), niuHand([S(7), H(7), C(7), D(7), S(K)]))).toBeGreaterThan(0);
    expect(compareNiu(niuHand([S(TEN), H(J), C(Q), D(8), S(A)]), niuHand([H(TEN), D(J), S(Q), C(8), D(K)]))).toBeGreaterThan(0); // 牛牛 beats 牛九
  });

  it('pays the winner’s multiple: 5% off a spot’s win, the banker’s multiple off a loss, the rest of the deposit back', () => {
    expect([1, 2, 3, 4, 5].map((m) => niuniuReturn(true, m))).toEqual([1.19, 1.38, 1.57, 1.76, 1.95]);
    expect([1, 2, 3, 4, 5].map((m) => niuniuReturn(false, m))).toEqual([0.8, 0.6, 0.4, 0.2, 0]);
    expect(stakeUnitFen('niuniu', 'commission', 'tian')).toBe(100); // deposits of whole yuan pay whole fen
    expect(tableOdds('niuniu').tian).toBe(1.95);
  });

  it('deals banker, 天 地 玄 黄 from one order; a round from its seed steps the four spots then the banker', () => {
    const order = [
      ...[S(6), H(6), C(K), D(1), H(2)], // banker 牛九 ×2
      ...[S(TEN), H(J), C(Q), D(8), S(A)], // 天 牛牛 ×3: wins
      ...[S(A), H(1), C(3), D(5), S(8)], // 地 无牛: loses ×2
      ...[H(J), D(Q), S(K), D(K), H(TEN)], // 玄 四花 ×4
      ...[S(2), H(3), C(4), D(2), C(6)], // 黄 3 4 5 3 7 (3 + 7 + … no ten: 3 + 4 + 3 = 10): 5 + 7 = 牛二
    ];
    const r = niuniuFromCards(order);
    expect(r.results.map((x) => [x.spot, x.win, x.multiple])).toEqual([
      ['tian', true, 3],
      ['di', false, 2],
      ['xuan', true, 4],
      ['huang', false, 2],
    ]);
    const drawn = drawTableRound('niuniu', tableRoundSeeds('ab'.repeat(32), 'NN1', 7), null);
    expect(drawn.steps.map((s) => (s as { side: string }).side)).toEqual(['tian', 'di', 'xuan', 'huang', 'banker']);
    const cards = drawn.steps.flatMap((s) => (s as { cards: number[] }).cards);
    expect(new Set(cards).size).toBe(25);
    expect(drawTableRound('niuniu', tableRoundSeeds('ab'.repeat(32), 'NN1', 7), null)).toEqual(drawn);
    const round = (drawn.outcome as { round: ReturnType<typeof niuniuFromCards> }).round;
    expect(tableBetTypes('niuniu').map((b) => b.returns(drawn.outcome))).toEqual(round.results.map((x) => niuniuReturn(x.win, x.multiple)));
  });
});

describe('百人牛牛 exact RTP', () => {
  it('the pair counts: 12 × C(52,5) × C(47,5) deals, the spot wins exactly half (exchangeable hands)', () => {
    const p = NIUNIU_PAIR_COUNTS;
    expect(p.total).toBe(12 * 2_598_960 * 1_533_939);
    expect(p.win.reduce((a, b) => a + b, 0) + p.lose.reduce((a, b) => a + b, 0)).toBe(p.total);
    expect(p.win).toEqual(p.lose);
    const rtp = niuniuRtpOf(p);
    expect(rtp.winShare).toBe(0.5);
    expect(rtp.perDeposit).toBeCloseTo(0.99192168, 8);
    expect(rtp.perBase).toBeCloseTo(0.9596084, 8);
    expect(tableRtp(NIUNIU_GAME).tian).toBeCloseTo(rtp.perDeposit, 12);
    const f = tableFigures('niuniu');
    for (const b of f.bets) expect(b.rtpBp).toBe(floorBp(rtp.perDeposit));
  });

  it('the enumeration run again gives the written counts', () => {
    expect(niuniuEnumerationProblems().problems).toEqual([]);
  }, 60_000);
});

describe('二八杠 hands (worked examples)', () => {
  // Tiles: face = id % 10 (0 白板, 1–9 筒子), copies id, id + 10, id + 20, id + 30.
  const h = (a: number, b: number) => pai28Hand([a, b]);
  it('ranks 白板对 > 九筒对 … 一筒对 > 二八杠 > 九点半 … > 鳖十, with their names', () => {
    const ladder = [h(0, 10), h(9, 19), h(1, 11), h(2, 8), h(9, 20), h(4, 5), h(3, 25), h(1, 3), h(3, 7)];
    expect(ladder.map(pai28HandName)).toEqual(['白板对', '九筒对', '一筒对', '二八杠', '九点半', '九点', '八点', '四点', '鳖十']);
    for (let i = 1; i < ladder.length; i++) expect(ladder[i - 1]!.score).toBeGreaterThan(ladder[i]!.score);
  });

  it('the same points: the larger tile wins; the same tiles or 鳖十 against 鳖十 go to the banker', () => {
    const round = pai28FromTiles([4, 5, 3, 6, 14, 15, 1, 9]); // banker 4+5; 顺 3+6 (larger 6); 天 4+5 again; 尾 鳖十
    expect(round.results.map((r) => r.win)).toEqual([true, false, false]);
    expect(pai28FromTiles([1, 9, 3, 7, 0, 10, 2, 8]).results.map((r) => r.win)).toEqual([false, true, true]);
  });

  it('a door’s exact RTP over all 548,340 ordered pairs of hands: 1:1, under 100%', () => {
    const o = pai28Odds();
    expect(o.total).toBe(780 * 703);
    expect(tableRtp(PAI28_GAME).tian).toBeCloseTo((2 * o.wins) / o.total, 12);
    expect(tableRtp(PAI28_GAME).tian).toBeLessThan(1);
    expect(stakeUnitFen('pai28', 'commission', 'shun')).toBe(1);
  });
});

describe('三公 hands (worked examples)', () => {
  const n = (cards: number[]) => sangongHandName(sangongHand(cards));
  it('爆玖 > 炸弹 > 三公 > 双公九 > 单公九 > 九点 > … > 零点, with their names', () => {
    const ladder = [
      [S(2), H(2), C(2)], // 3 3 3
      [S(K), H(K), C(K)],
      [S(J), H(Q), C(K)],
      [S(J), H(Q), C(8)], // 双公九
      [S(J), H(TEN), C(8)], // 单公九 (the 10 is no 公牌)
      [S(4), H(4), C(A)], // 5 + 5 + 1 = 11: 一点
      [S(TEN), H(3), C(5)], // 10 + 4 + 6 = 0 点
    ];
    expect(ladder.map(n)).toEqual(['爆玖', '炸弹', '三公', '双公九点', '单公九点', '一点', '零点']);
    for (let i = 1; i < ladder.length; i++) expect(compareSangong(sangongHand(ladder[i - 1]!), sangongHand(ladder[i]!))).toBeGreaterThan(0);
  });

  it('the same points and 公牌: the highest card, then its suit; a spot beating the banker pays 1.95', () => {
    const round = sangongFromCards([
      ...[H(K), S(3), C(2)], // banker 单公七 (K 4 3)
      ...[S(K), H(3), D(2)], // 天 单公七 with ♠K: beats ♥K
      ...[C(Q), S(5), D(1)], // 地 Q 6 2: 单公八 wins
      ...[D(J), C(3), H(2)], // 玄 单公七, J < K: loses
      ...[S(1), C(1), S(2)], // 黄 2 2 3 = 七点, no 公牌: loses to 单公七
    ]);
    expect(round.results.map((r) => r.win)).toEqual([true, true, false, false]);
    expect(tableBetTypes('sangong').map((b) => b.returns({ kind: 'sangong', round }))).toEqual([1.95, 1.95, 0, 0]);
    expect(stakeUnitFen('sangong', 'commission', 'tian')).toBe(20);
  });

  it('exact odds over the rank multisets: the spot wins exactly half — RTP 97.5%', () => {
    const o = sangongOdds();
    expect(o.total).toBe(12 * 22_100 * 18_424);
    expect(o.wins * 2).toBe(o.total);
    expect(tableRtp(SANGONG_GAME).tian).toBeCloseTo(0.975, 12);
  });
});

describe('the 棋牌 tables in the RTP harness', () => {
  it('each spot’s exact RTP lies inside the simulated interval of dealt rounds', () => {
    const checks = checkCardTables(seededRng('cards-harness'), 20_000);
    expect(checks.flatMap((c) => c.bets.filter((b) => !b.ok).map((b) => `${c.code} ${b.key}`))).toEqual([]);
  }, 60_000);
});
