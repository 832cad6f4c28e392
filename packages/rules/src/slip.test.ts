import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  SLIP_MESSAGES,
  initialSlip,
  parlayOffer,
  slipKey,
  slipReady,
  slipReducer,
  type SlipAction,
  type SlipItem,
  type SlipState,
} from './slip.ts';

const odd = (gameId: string, w: string, champion = false): SlipItem => ({
  gameInfo: { gameId, team_h: `主${gameId}`, team_c: `客${gameId}` },
  playInfo: { w },
  oddInfo: { r: 1950, gameId },
  ...(champion ? { championRate: { rtype: w } } : {}),
});
const run = (actions: SlipAction[], s: SlipState = initialSlip('E')) => actions.reduce(slipReducer, s);
const keys = (s: SlipState) => s.items.map(slipKey);
const t = (item: SlipItem): SlipAction => ({ type: 'toggle', item });
const mode = (m: SlipState['mode']): SlipAction => ({ type: 'setMode', mode: m });

describe('bet slip reducer (spec §4, §5)', () => {
  it('toggling an odd adds it, toggling it again removes it', () => {
    expect(keys(run([t(odd('g1', 'H'))]))).toEqual(['g1:H']);
    expect(keys(run([t(odd('g1', 'H')), t(odd('g1', 'H'))]))).toEqual([]);
  });

  it('outside multiple and series mode the slip holds one item', () => {
    expect(keys(run([t(odd('g1', 'H')), t(odd('g2', 'C'))]))).toEqual(['g2:C']);
  });

  it('single mode says what a new odd replaced, and offers a parlay when it is another match (issue 29 item 11)', () => {
    const s = run([t(odd('g1', 'H')), t(odd('g2', 'C'))]);
    expect(slipKey(s.replaced!)).toBe('g1:H');
    expect(slipKey(parlayOffer(s)!)).toBe('g1:H');
    // Taking the offer: 串关 with both picks.
    expect(keys(run([mode('multiple'), t(s.replaced!)], s))).toEqual(['g2:C', 'g1:H']);
    // Another pick of the same match, an outright, the first pick, or any other action: no parlay offer.
    expect(parlayOffer(run([t(odd('g1', 'H')), t(odd('g1', 'C'))]))).toBeNull();
    expect(slipKey(run([t(odd('g1', 'H')), t(odd('g1', 'C'))]).replaced!)).toBe('g1:H');
    expect(parlayOffer(run([t(odd('g1', 'H')), t(odd('c1', 'T1', true))]))).toBeNull();
    expect(run([t(odd('g1', 'H'))]).replaced).toBeNull();
    expect(run([{ type: 'setOddsType', oddsType: 'H' }], s).replaced).toBeNull();
    expect(run([mode('multiple'), t(odd('g1', 'H')), t(odd('g2', 'C'))]).replaced).toBeNull();
  });

  it('a new odd removes the others of the same game unless multiple mode is on', () => {
    expect(keys(run([mode('series'), t(odd('g1', 'H')), t(odd('g2', 'C')), t(odd('g1', 'OU'))]))).toEqual(['g2:C', 'g1:OU']);
    expect(keys(run([mode('multiple'), t(odd('g1', 'H')), t(odd('g2', 'C')), t(odd('g1', 'OU'))]))).toEqual(['g1:H', 'g2:C', 'g1:OU']);
  });

  it('champion and normal odds are never mixed: adding one kind clears the other', () => {
    const s = run([mode('multiple'), t(odd('g1', 'H')), t(odd('g2', 'H')), t(odd('c1', 'T1', true))]);
    expect(keys(s)).toEqual(['c1:T1']);
    expect(keys(slipReducer(s, t(odd('g3', 'H'))))).toEqual(['g3:H']);
  });

  it('leaving multiple mode keeps only the latest item', () => {
    const s = run([mode('multiple'), t(odd('g1', 'H')), t(odd('g2', 'H')), t(odd('g3', 'H')), mode('single')]);
    expect(keys(s)).toEqual(['g3:H']);
    expect(keys(run([mode('multiple'), t(odd('g1', 'H')), t(odd('g2', 'H')), mode('series')]))).toEqual(['g2:H']);
  });

  it('series mode sets Hong Kong odds and flags items sharing a game; leaving restores the player format', () => {
    let s = run([mode('series')]);
    expect(s.oddsType).toBe('H');
    s = slipReducer(s, { type: 'setOddsType', oddsType: 'M' });
    expect(s.oddsType).toBe('H');
    s = { ...s, items: [odd('g1', 'H'), odd('g1', 'OU'), odd('g2', 'H')] };
    s = slipReducer(s, { type: 'setGameType', gameType: 'BK' }); // any action recomputes the flags
    expect(s.items.map((i) => i.isInvalid)).toEqual([true, true, false]);
    expect(slipReady(s)).toBe(false);
    s = slipReducer(s, { type: 'remove', key: 'g1:OU' });
    expect(s.items.map((i) => i.isInvalid)).toEqual([false, false]);
    expect(slipReady(s)).toBe(true);
    expect(slipReducer(s, mode('single')).oddsType).toBe('M');
  });

  it('selecting champion odds turns series off', () => {
    const s = run([mode('series'), t(odd('g1', 'H')), t(odd('c1', 'T1', true))]);
    expect(s.mode).toBe('single');
    expect(s.oddsType).toBe('E');
    expect(keys(s)).toEqual(['c1:T1']);
  });

  it("adding is blocked while a bet is being confirmed: '当前还有订单正在确认中，请稍等'", () => {
    let s = run([mode('multiple'), t(odd('g1', 'H'))]);
    s = slipReducer(s, { type: 'setBetting', key: 'g1:H', bettingData: { active: true, ticket_id: 'T1' } });
    const blocked = slipReducer(s, t(odd('g2', 'H')));
    expect(blocked.notice).toBe('当前还有订单正在确认中，请稍等');
    expect(blocked.notice).toBe(SLIP_MESSAGES.DELAYED);
    expect(keys(blocked)).toEqual(['g1:H']);
    const after = slipReducer(slipReducer(s, { type: 'setBetting', key: 'g1:H', bettingData: { active: false } }), t(odd('g2', 'H')));
    expect(after.notice).toBeNull();
    expect(keys(after)).toEqual(['g1:H', 'g2:H']);
  });

  it("holds at most 10 items: '投注项数量已达上限'", () => {
    const ten = run([mode('multiple'), ...Array.from({ length: 10 }, (_, i) => t(odd(`g${i}`, 'H')))]);
    expect(ten.items).toHaveLength(10);
    const eleventh = slipReducer(ten, t(odd('g10', 'H')));
    expect(eleventh.notice).toBe('投注项数量已达上限');
    expect(eleventh.items).toHaveLength(10);
  });

  it('changing the show type resets the game type to football, except for the early market', () => {
    const bk = run([{ type: 'setGameType', gameType: 'BK' }]);
    expect(slipReducer(bk, { type: 'setShowType', showType: 'RB' }).gameType).toBe('FT');
    expect(slipReducer(bk, { type: 'setShowType', showType: 'FU' }).gameType).toBe('BK');
  });

  it('property: whatever the clicks, the slip keeps its invariants', () => {
    const item = fc
      .record({ g: fc.integer({ min: 0, max: 14 }), w: fc.constantFrom('H', 'C', 'OU'), champion: fc.boolean() })
      .map(({ g, w, champion }) => odd(champion ? `c${g}` : `g${g}`, w, champion));
    const action: fc.Arbitrary<SlipAction> = fc.oneof(
      item.map(t),
      fc.constantFrom<SlipState['mode']>('single', 'multiple', 'series').map(mode),
      fc.constantFrom<SlipAction>({ type: 'setShowType', showType: 'FU' }, { type: 'setShowType', showType: 'RB' }, { type: 'clear' }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 60 }), (actions) => {
        const s = run(actions);
        const champions = s.items.filter((i) => i.championRate).length;
        const unique = new Set(keys(s)).size === s.items.length;
        return (
          s.items.length <= 10 &&
          unique &&
          (champions === 0 || champions === s.items.length) &&
          (s.mode !== 'single' || s.items.length <= 1) &&
          (s.mode !== 'series' || (s.oddsType === 'H' && champions === 0))
        );
      }),
    );
  });
});
