/** The sportsbook page's slip through the rules reducer: modes, messages, series invalid marks, champion, odds formats, flash, stake rules, pending bets, 6302. */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { useSlip } from './store.ts';
import { LocalSportPage } from './LocalSportPage.tsx';
import { OddButton } from './OddsTable.tsx';
import { LAUNCH, game, resourceRoute, setupSportPageTests, type Handlers } from './testKit.tsx';
import { fail, mockApi, ok, renderAt } from '../wallet/testKit.tsx';

vi.mock('../../api/realtime.ts', () => ({
  subscribeSportEvents: () => () => undefined,
  realtimeStatus: () => 'closed',
  onRealtimeStatus: () => () => undefined,
  subscribeWallet: () => () => undefined,
}));

setupSportPageTests();

const GAMES = Array.from({ length: 12 }, (_, i) => game(i + 1));

async function open(handlers: Handlers = {}, games = GAMES, wait = true) {
  const calls = mockApi({ launch: ok(LAUNCH), resource: resourceRoute(games, handlers) });
  renderAt(<LocalSportPage />, '/game/sport/crty', '/game/sport/:enName');
  if (wait) await screen.findByTestId('game-g1');
  return calls;
}
const odd = (gameId: string, w: string) => screen.getByTestId(`odd-${gameId}-${w}`);
const pick = (gameId: string, w: string) => userEvent.click(odd(gameId, w));
const slipCount = () => screen.getByTestId('slip-count').textContent;
const mode = (label: string) => userEvent.click(screen.getByText(label, { selector: '.ant-segmented-item-label' }));
const bets = (calls: Awaited<ReturnType<typeof open>>) =>
  calls.filter((c) => c.path.endsWith('resource') && (c.body as { method: string }).method === 'bet');

describe('the odds table', () => {
  test('launch then games: leagues, teams, prices in Hong Kong odds; the format switch shows European', async () => {
    const calls = await open();
    expect(calls.find((c) => c.path.endsWith('launch'))?.body).toMatchObject({ enName: 'CRTY' });
    expect(calls.find((c) => c.path.endsWith('resource'))?.body).toMatchObject({
      enName: 'CRTY',
      Request: { token: 'VT1', langx: 'zh-cn' },
    });
    expect(screen.getAllByRole('heading', { name: /英格兰超级联赛/ }).length).toBeGreaterThan(0);
    expect(within(odd('g1', '1X2:H')).getByText('0.95')).toBeTruthy();
    expect(within(odd('g1', 'AH:H:-0.5')).getByText('-0.5')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: '盘口' }));
    await userEvent.click(await screen.findByTitle('欧洲盘'));
    expect(within(odd('g1', '1X2:H')).getByText('1.95')).toBeTruthy();
    expect(localStorage.getItem('sport.oddsType')).toBe('E');
  });

  test('live score and clocks: football minute, basketball t_count as mm:ss, baseball overtime from inning 9', async () => {
    const live = { status: 'live' as const, isLive: true, sc_FT_H: 2, sc_FT_C: 1 };
    await open({}, [
      game(1, { ...live, re_time: "2H^67'" }),
      game(2, { ...live, gameType: 'BK', se_now: 'Q3', t_count: 485 }),
      game(3, { ...live, gameType: 'BS', inningNum: 9 }),
      game(4, { ...live, gameType: 'BS', inningNum: 8 }),
    ]);
    expect(screen.getByTestId('score-g1').textContent).toBe('2 - 1');
    expect(screen.getByTestId('clock-g1').textContent).toBe("下半场 67'");
    await userEvent.click(screen.getByTestId('gametype-ALL'));
    await screen.findByTestId('clock-g2');
    expect(screen.getByTestId('clock-g2').textContent).toBe('第三节 08:05');
    expect(within(screen.getByTestId('game-g3')).getByText('加时')).toBeTruthy();
    expect(within(screen.getByTestId('game-g4')).queryByText('加时')).toBeNull();
  });
});

describe('slip modes and messages (spec §4)', () => {
  test('single mode says which pick a new one replaced, and its 改为串关 makes a parlay of both (issue 29 item 11)', async () => {
    await open({});
    await pick('g1', '1X2:H');
    expect(screen.queryByTestId('slip-replaced')).toBeNull();
    await pick('g2', 'OU:O:2.5');
    expect(slipCount()).toBe('1');
    const notice = screen.getByTestId('slip-replaced');
    expect(notice.textContent).toContain('已替换上一个投注项：主队1 vs 客队1');
    expect(notice.textContent).toContain('改为串关即可同时保留两项');
    await userEvent.click(screen.getByTestId('slip-to-parlay'));
    expect(slipCount()).toBe('2');
    expect(screen.queryByTestId('slip-replaced')).toBeNull();
    expect(document.querySelector('.slip')!.getAttribute('data-mode')).toBe('multiple');
  });

  test('single keeps one item; multiple builds a parlay of different games and sends it', async () => {
    const calls = await open({
      bet: () => ({
        ticket_id: 'T1',
        status: 'accepted',
        kind: 'parlay',
        seriesType: '',
        betCount: 1,
        betAmount: '20.00',
        maxPayout: '74.10',
        balance: '480.00',
      }),
    });
    await pick('g1', '1X2:H');
    await pick('g2', 'OU:O:2.5');
    expect(slipCount()).toBe('1');
    await mode('串关');
    await pick('g1', '1X2:H');
    expect(slipCount()).toBe('2');
    await userEvent.type(screen.getByRole('textbox', { name: '投注金额' }), '20');
    expect(screen.getByTestId('slip-payout').textContent).toBe('¥ 73.32');
    await userEvent.click(screen.getByRole('button', { name: '确认投注' }));
    expect((await screen.findByTestId('slip-receipt')).textContent).toContain('投注成功');
    const body = bets(calls)[0]!.body as { Request: Record<string, unknown> };
    expect(body.Request).toMatchObject({
      mode: 'multiple',
      stake: '20',
      items: [{ playInfo: { w: 'OU:O:2.5' } }, { playInfo: { w: '1X2:H' } }],
    });
    expect(String(body.Request.idempotencyKey).length).toBeGreaterThan(8);
    expect(slipCount()).toBe('0');
  });

  test('投注项数量已达上限 at 10 items', async () => {
    await open();
    await mode('串关');
    for (let i = 1; i <= 10; i++) await pick(`g${i}`, 'OE:O');
    expect(slipCount()).toBe('10');
    await pick('g11', 'OE:O');
    expect(screen.getByTestId('slip-notice').textContent).toContain('投注项数量已达上限');
    expect(slipCount()).toBe('10');
  });

  test('series: Hong Kong odds, the series picker; items of one game marked invalid and the confirm disabled', async () => {
    await open();
    await mode('串关');
    await pick('g1', '1X2:H');
    useSlip.getState().dispatch({ type: 'setOddsType', oddsType: 'E' });
    await mode('复式串关');
    expect(useSlip.getState().slip.oddsType).toBe('H');
    for (const g of ['g2', 'g3']) await pick(g, 'OE:O');
    expect(slipCount()).toBe('3');
    expect(screen.getByRole('combobox', { name: '复式类型' }).closest('.ant-select')!.textContent).toContain('2串1（3 注）');
    expect((screen.getByRole('button', { name: '确认投注' }) as HTMLButtonElement).disabled).toBe(false);
    // A slip holding two items of one game (as restored from a multiple slip) is flagged by the reducer.
    const { slip } = useSlip.getState();
    act(() => {
      useSlip.setState({ slip: { ...slip, items: [...slip.items, { ...slip.items[0]!, playInfo: { w: 'OU:O:2.5' } }] } });
      useSlip.getState().dispatch({ type: 'setGameType', gameType: 'FT' });
    });
    expect(screen.getAllByText('同场赛事的投注项不可组合复式串关')).toHaveLength(2);
    expect((screen.getByRole('button', { name: '确认投注' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /清空/ }));
    await mode('单注');
    expect(useSlip.getState().slip.oddsType).toBe('E');
  });

  test('champion odds clear normal ones and turn series off', async () => {
    await open();
    await mode('串关');
    await pick('g1', '1X2:H');
    await userEvent.click(screen.getByTestId('gametype-FS'));
    await userEvent.click(await screen.findByTestId('odd-o1-FS:MCI'));
    expect(slipCount()).toBe('1');
    expect(within(screen.getByTestId('slip-o1:FS:MCI')).getByText('英超冠军')).toBeTruthy();
  });
});

describe('stake rules and placing', () => {
  test('below the minimum refused; over the balance lowered (realBetAmountFen) and asked again', async () => {
    const calls = await open();
    await pick('g1', '1X2:H');
    const stake = screen.getByRole('textbox', { name: '投注金额' }) as HTMLInputElement;
    await userEvent.type(stake, '5');
    await userEvent.click(screen.getByRole('button', { name: '确认投注' }));
    expect(screen.getByTestId('stake-message').textContent).toBe('投注金额低于最低限额（10）');
    await userEvent.clear(stake);
    await userEvent.type(stake, '800.5');
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 500.00'));
    await userEvent.click(screen.getByRole('button', { name: '确认投注' }));
    expect(screen.getByTestId('stake-message').textContent).toBe('投注金额已调整为 500，请再次确认');
    expect(stake.value).toBe('500');
    expect(bets(calls)).toHaveLength(0);
  });

  test('a delayed in-play bet: pending on the slip, new odds refused with the notice, then accepted', async () => {
    let ticket = 'pending';
    await open({
      bet: () => ({
        ticket_id: 'T9',
        status: 'pending',
        kind: 'single',
        seriesType: '',
        betCount: 1,
        betAmount: '10.00',
        maxPayout: '19.50',
        balance: '490.00',
      }),
      ticket: () => ({ ticket_id: 'T9', status: ticket, result: null, rejectReason: null, betAmount: '10.00', payout: '0.00' }),
    });
    await pick('g1', '1X2:H');
    await userEvent.type(screen.getByRole('textbox', { name: '投注金额' }), '10');
    await userEvent.click(screen.getByRole('button', { name: '确认投注' }));
    expect((await screen.findByTestId('slip-receipt')).dataset.status).toBe('pending');
    expect(screen.getAllByText('注单确认中…').length).toBeGreaterThan(0);
    await pick('g2', '1X2:H');
    expect(screen.getByTestId('slip-notice').textContent).toContain('当前还有订单正在确认中，请稍等');
    ticket = 'accepted';
    await waitFor(() => expect(screen.getByTestId('slip-receipt').dataset.status).toBe('accepted'), { timeout: 3000 });
    expect(slipCount()).toBe('0');
  });

  test('worse odds answered by the server become the slip price with the message', async () => {
    const games = GAMES.map((g) => ({ ...g, markets: g.markets.map((m) => ({ ...m, selections: m.selections.map((x) => ({ ...x })) })) }));
    await open(
      {
        bet: () => {
          games[0]!.markets[0]!.selections[0]!.r = 1800; // the price moved on the server
          return fail(6007, '赔率已变更，请确认新赔率', { changes: [{ gameId: 'g1', w: '1X2:H', r: 1800 }] });
        },
      },
      games,
    );
    await pick('g1', '1X2:H');
    await userEvent.type(screen.getByRole('textbox', { name: '投注金额' }), '10');
    await userEvent.click(screen.getByRole('button', { name: '确认投注' }));
    expect((await screen.findByTestId('slip-error')).textContent).toContain('赔率已变更，请确认新赔率');
    // The message and the new price are two updates: on a loaded machine the price can render a moment later.
    await waitFor(() => expect(within(screen.getByTestId('slip-g1:1X2:H')).getByText('@ 0.80')).toBeTruthy());
    await waitFor(() => expect(within(odd('g1', '1X2:H')).getByText('0.80')).toBeTruthy());
    expect(within(screen.getByTestId('slip-g1:1X2:H')).getByText('@ 0.80')).toBeTruthy();
  });

  test('6302: the non-closable 数据异常，请重新进入游戏 dialog re-enters (launch again)', async () => {
    let first = true;
    const calls = await open(
      { balance: () => (first ? ((first = false), fail(6302, '数据异常，请重新进入游戏')) : { channelCode: 'CRTY', balance: '500.00' }) },
      GAMES,
      false,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('数据异常，请重新进入游戏')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /close|关闭/i })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: '重新进入' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('launch'))).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('sport-balance').textContent).toBe('¥ 500.00'));
  });
});

describe('odds flash', () => {
  test('a price that moves is marked up or down, then calm again', async () => {
    vi.useFakeTimers();
    const props = { label: '主', format: 'H' as const, selected: false, locked: false, onPick: () => undefined, testId: 'o' };
    const { rerender } = render(<OddButton {...props} sel={{ w: '1X2:H', name: 'A', r: 1950 }} />);
    expect(screen.getByTestId('o').dataset.flash).toBeUndefined();
    rerender(<OddButton {...props} sel={{ w: '1X2:H', name: 'A', r: 2010 }} />);
    expect(screen.getByTestId('o').dataset.flash).toBe('up');
    expect(screen.getByTestId('o').textContent).toContain('1.01');
    rerender(<OddButton {...props} sel={{ w: '1X2:H', name: 'A', r: 1900 }} />);
    expect(screen.getByTestId('o').dataset.flash).toBe('down');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByTestId('o').dataset.flash).toBeUndefined();
    vi.useRealTimers();
  });
});
