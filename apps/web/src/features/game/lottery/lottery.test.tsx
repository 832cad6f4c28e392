/** The lottery draw page against a mocked venue and socket: the slip's tableBet / lotteryChase requests, 封盘, the draw pushed step by step, history and its seed check, 撤单 and 停止追号. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { LotteryGamePage } from './LotteryGamePage.tsx';
import { pushTable } from './realtime.mock.ts';
import { bet, draws, launchOf, lotteryRoute, settledDraw, setupLotteryTests, state, tableInfo, type LotteryHandlers } from './testKit.tsx';
import type { TableStateWire } from '@portal/contract';
import type { LotteryCode } from './api.ts';

vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupLotteryTests();

type Calls = ReturnType<typeof mockApi>;
const methodCalls = (calls: Calls, method: string) =>
  calls
    .filter((c) => c.path.endsWith('resource') && (c.body as { method: string }).method === method)
    .map((c) => (c.body as { Request: Record<string, unknown> }).Request);

async function open(code: LotteryCode = 'K3', handlers: LotteryHandlers = {}) {
  const calls = mockApi({ launch: ok(launchOf(code)), resource: lotteryRoute(code, handlers) });
  renderAt(<LotteryGamePage />, `/cp/game?enName=crcp&gameCode=${code}`, '/cp/game');
  await screen.findByTestId('lottery-board');
  return calls;
}
const spot = (key: string) => document.querySelector<HTMLButtonElement>(`[data-spot="${key}"]`)!;
const confirm = () => screen.getByTestId('lottery-confirm') as HTMLButtonElement;
const tab = (id: string) => userEvent.click(document.querySelector(`[data-tab="${id}"]`)!);

describe('header', () => {
  test('launch, tableInfo with the venue token; the issue, the random-number notice, the balance', async () => {
    const calls = await open();
    expect(calls.find((c) => c.path.endsWith('launch'))?.body).toEqual({ enName: 'crcp', gameCode: 'K3' });
    expect(methodCalls(calls, 'tableInfo')[0]).toMatchObject({ token: 'LT1', gameCode: 'K3' });
    expect(screen.getByRole('heading', { name: '极速快三' })).toBeTruthy();
    expect(screen.getByTestId('lottery-issue').textContent).toContain('20261126-0345');
    expect(screen.getByTestId('lottery-rng').textContent).toBe('本彩种由随机数生成器开奖，非真人开奖');
    expect(screen.getByTestId('lottery-balance').textContent).toContain('1,000');
    expect(screen.getByTestId('lottery-close-clock').textContent).toMatch(/00:4\d/);
  });
});

describe('bet slip', () => {
  test('picked spots at the chosen chip → one tableBet with the draw, the spots and an idempotency key', async () => {
    let balance = '1000.00';
    const calls = await open('K3', {
      tableInfo: () => tableInfo('K3', { balance }),
      tableBet: () => {
        balance = '900.00';
        return { bets: [bet({ type: 'sum11' }), bet({ betId: 'B2', type: 'big' })], balance };
      },
    });
    await userEvent.click(screen.getByRole('button', { name: '50' }));
    await userEvent.click(spot('sum11'));
    await tab('sides');
    await userEvent.click(spot('big'));
    expect(screen.getByTestId('lottery-total').textContent).toContain('¥ 100');
    await userEvent.click(confirm());
    await waitFor(() => expect(methodCalls(calls, 'tableBet')).toHaveLength(1));
    const req = methodCalls(calls, 'tableBet')[0]!;
    expect(req).toMatchObject({
      gameCode: 'K3',
      seq: 345,
      bets: [
        { type: 'sum11', amount: '50.00' },
        { type: 'big', amount: '50.00' },
      ],
    });
    expect(req.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    await waitFor(() => expect(screen.getByTestId('lottery-balance').textContent).toContain('900'));
    expect(screen.getByText('请在左侧选择投注内容')).toBeTruthy();
  });

  test('追号: draws and 中奖后停止追号 go in lotteryChase; the total is per draw × draws', async () => {
    const chase = {
      chaseId: 'C1',
      gameCode: 'D5',
      startSeq: 345,
      draws: 10,
      stopOnWin: false,
      status: 'running',
      perDraw: '10.00',
      drawsDone: 0,
      totalStake: '100.00',
      totalPayout: '0.00',
      createdAt: 0,
    };
    const calls = await open('D5', { lotteryChase: () => ({ ...chase, balance: '900.00' }) });
    await tab('p1');
    await userEvent.click(spot('p1d7'));
    await userEvent.click(screen.getByRole('checkbox', { name: '追号' }));
    const draws = screen.getByRole('spinbutton', { name: '追号期数' });
    await userEvent.clear(draws);
    await userEvent.type(draws, '10');
    await userEvent.click(screen.getByRole('checkbox', { name: '中奖后停止追号' }));
    await userEvent.click(screen.getByTestId('lottery-total'));
    expect(screen.getByTestId('lottery-total').textContent).toBe('每期 ¥ 10 × 10 期，合计 ¥ 100');
    await userEvent.click(confirm());
    await waitFor(() => expect(methodCalls(calls, 'lotteryChase')).toHaveLength(1));
    expect(methodCalls(calls, 'lotteryChase')[0]).toMatchObject({
      gameCode: 'D5',
      seq: 345,
      draws: 10,
      stopOnWin: false,
      bets: [{ type: 'p1d7', amount: '10.00' }],
    });
    expect(methodCalls(calls, 'tableBet')).toHaveLength(0);
  });

  test('a stake above the balance: confirm disabled, the transfer offered', async () => {
    await open('K3', { tableInfo: () => tableInfo('K3', { balance: '20.00' }) });
    await userEvent.click(spot('sum4'));
    await userEvent.click(spot('sum5'));
    await userEvent.click(spot('sum6'));
    expect(screen.getByTestId('lottery-insufficient').textContent).toContain('场馆余额不足');
    expect(confirm().disabled).toBe(true);
  });
});

describe('封盘', () => {
  test('past closesAt (by the server clock) the spots and confirm are disabled though the round still reads betting', async () => {
    const now = Date.now();
    // The server clock runs 30 s ahead: closesAt is 10 s ago by its clock though 20 s ahead by this one.
    const s = state('K3', { serverNow: now + 30_000, closesAt: now + 20_000, drawAt: now + 25_000 });
    await open('K3', { tableInfo: () => tableInfo('K3', { state: s }) });
    expect(spot('sum11').disabled).toBe(true);
    expect(confirm().disabled).toBe(true);
    expect(confirm().textContent).toContain('已封盘');
    expect(screen.getByTestId('lottery-locked').textContent).toContain('本期已封盘');
  });

  test('a push closing the draw disables betting at once; the next draw’s push opens it again', async () => {
    await open();
    expect(spot('sum11').disabled).toBe(false);
    act(() => void pushTable(state('K3', { status: 'closed', version: 34_501 })));
    expect(spot('sum11').disabled).toBe(true);
    act(() => void pushTable(state('K3', { seq: 346, version: 34_600 })));
    await waitFor(() => expect(spot('sum11').disabled).toBe(false));
    expect(screen.getByTestId('lottery-issue').textContent).toContain('0346');
  });
});

describe('the draw', () => {
  // The lottery's state: the draw taking bets, with `last` the draw before it — revealing, then its result.
  const next = (last: Partial<TableStateWire>, version: number) =>
    state('K3', { seq: 346, version, last: state('K3', { status: 'revealing', ...last }) });

  test('revealed step by step from the pushes, never ahead of them; then the result joins the history from its push', async () => {
    const calls = await open();
    // Between draws: the last settled draw (the history's newest).
    const last = (settledDraw('K3', 344).outcome as { dice: number[] }).dice.join(',');
    expect((await screen.findByTestId('lottery-stage')).dataset.numbers).toBe(last);
    act(() => void pushTable(state('K3', { status: 'closed', version: 34_541 })));
    expect(screen.getByText('第 20261126-0345 期即将开奖')).toBeTruthy();
    expect(screen.getByTestId('lottery-stage').dataset.numbers).toBe('');
    act(() => void pushTable(next({ steps: [{ kind: 'die', value: 6 }] }, 34_601)));
    expect(screen.getByTestId('lottery-stage').dataset.numbers).toBe('6');
    expect(screen.getByText('第 20261126-0345 期开奖中')).toBeTruthy();
    const two = [
      { kind: 'die' as const, value: 6 },
      { kind: 'die' as const, value: 2 },
    ];
    act(() => void pushTable(next({ steps: two }, 34_602)));
    expect(screen.getByTestId('lottery-stage').dataset.numbers).toBe('6,2');
    // An older version arriving late changes nothing.
    act(() => void pushTable(next({ steps: [] }, 34_600)));
    expect(screen.getByTestId('lottery-stage').dataset.numbers).toBe('6,2');
    const histories = methodCalls(calls, 'tableHistory').length;
    const dice = [6, 2, 3];
    act(
      () =>
        void pushTable(
          next(
            {
              status: 'settled',
              steps: dice.map((value) => ({ kind: 'die' as const, value })),
              outcome: { kind: 'k3', dice },
              serverSeed: 'ab'.repeat(32),
            },
            34_623,
          ),
        ),
    );
    expect(screen.getByTestId('lottery-stage').dataset.numbers).toBe('6,2,3');
    expect(screen.getByText('第 20261126-0345 期开奖结果')).toBeTruthy();
    // The draw joins the history from its own push: no history request per draw.
    await waitFor(() => expect(screen.getByTestId('lottery-history').textContent).toContain('20261126-0345'));
    expect(methodCalls(calls, 'tableHistory').length).toBe(histories);
  });
});

describe('history', () => {
  test('one row per draw with its 和值 / 大小 / 单双; the fold checks the seed', async () => {
    const list = draws('K3', 340, 344);
    await open('K3', { tableHistory: () => ({ total: 5, list }) });
    const rows = await waitFor(() => {
      const r = screen.getByTestId('lottery-history').querySelectorAll('tbody tr[data-row-key]');
      expect(r).toHaveLength(5);
      return r;
    });
    const first = list[0]!.outcome as { dice: number[] };
    const sum = first.dice.reduce((a, b) => a + b, 0);
    expect(rows[0]!.textContent).toContain('20261126-0344');
    expect(rows[0]!.textContent).toContain(String(sum));
    await userEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: '公平性验证' }));
    expect((await screen.findByTestId('lottery-fair')).textContent).toContain('验证通过');
  });
});

describe('trend chart', () => {
  test('a row per settled draw, oldest first, each marking its hit; 五星彩 by the chosen position', async () => {
    const list = draws('D5', 331, 344);
    const calls = await open('D5', { tableHistory: (r) => ({ total: 14, list: list.slice(0, Number(r.pageSize)) }) });
    await userEvent.click(screen.getByRole('tab', { name: '走势图' }));
    const grid = await screen.findByTestId('lottery-trend-grid');
    expect(methodCalls(calls, 'tableHistory').some((r) => r.pageSize === 50)).toBe(true);
    const rows = [...grid.querySelectorAll('[data-row]')];
    expect(rows.map((r) => r.getAttribute('data-row'))).toEqual([...list].reverse().map((d) => d.issue));
    const digitAt = (d: (typeof list)[number], k: number) => String((d.outcome as { digits: number[] }).digits[k]);
    expect(rows.at(-1)!.getAttribute('data-hit')).toBe(digitAt(list[0]!, 0));
    await userEvent.click(screen.getByRole('combobox', { name: '位置' }));
    await userEvent.click(await screen.findByTitle('个位'));
    await waitFor(() => expect([...grid.querySelectorAll('[data-row]')].at(-1)?.getAttribute('data-hit')).toBe(digitAt(list[0]!, 4)));
    // The 大/小 split counts the 总和 of each draw.
    const big = list.filter((d) => (d.outcome as { digits: number[] }).digits.reduce((a, b) => a + b, 0) >= 23).length;
    expect(screen.getByTestId('lottery-dist-size').textContent).toContain(`大 ${big}`);
  });
});

describe('my bets and chases', () => {
  test('撤单 while open: tableCancel for the draw, the bets gone, the balance back', async () => {
    let placed = true;
    const calls = await open('K3', {
      tableInfo: () => tableInfo('K3', placed ? { myBets: [bet()], balance: '950.00' } : {}),
      tableCancel: () => {
        placed = false;
        return { bets: [bet({ status: 'refunded' })], balance: '1000.00' };
      },
    });
    expect(screen.getByTestId('lottery-balance').textContent).toContain('950');
    const mine = screen.getByTestId('lottery-mybets');
    expect(mine.textContent).toContain('和值 11');
    await userEvent.click(within(mine).getByTestId('lottery-cancel'));
    // The confirmation's own 撤单 (antd spaces two-character button texts).
    await userEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: /撤\s?单/ }));
    await waitFor(() => expect(methodCalls(calls, 'tableCancel')).toHaveLength(1));
    expect(methodCalls(calls, 'tableCancel')[0]).toMatchObject({ gameCode: 'K3', seq: 345 });
    expect(methodCalls(calls, 'tableCancel')[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    await waitFor(() => expect(screen.getByTestId('lottery-balance').textContent).toContain('1,000'));
    expect(mine.textContent).toContain('本期暂无投注');
  });

  test('the latest bets of past draws show how they went', async () => {
    const calls = await open('K3', {
      tableBets: () => ({
        total: 2,
        list: [
          bet({ betId: 'B7', seq: 344, issue: '20261126-0344', status: 'won', payout: '99.00' }),
          bet({ betId: 'B6', seq: 343, issue: '20261126-0343', type: 'big', status: 'lost' }),
        ],
      }),
    });
    const recent = await screen.findByTestId('lottery-recent');
    expect(methodCalls(calls, 'tableBets')[0]).toMatchObject({ gameCode: 'K3' });
    expect(recent.querySelector('[data-bet="B7"]')?.textContent).toContain('中 ¥ 99');
    expect(recent.querySelector('[data-bet="B6"]')?.textContent).toContain('大');
    expect(recent.querySelector('[data-bet="B6"]')?.textContent).toContain('未中奖');
  });

  test('停止追号 on a running chase calls chaseCancel', async () => {
    const chase = {
      chaseId: 'C9',
      gameCode: 'K3',
      startSeq: 340,
      draws: 10,
      stopOnWin: true,
      status: 'running',
      perDraw: '10.00',
      drawsDone: 4,
      totalStake: '100.00',
      totalPayout: '0.00',
      createdAt: 0,
    };
    const calls = await open('K3', { chases: () => ({ list: [chase] }), chaseCancel: () => ({ ...chase, status: 'cancelled' }) });
    const box = await screen.findByTestId('lottery-chases');
    await waitFor(() => expect(box.textContent).toContain('已追 4/10 期'));
    await userEvent.click(within(box).getByTestId('lottery-chase-stop'));
    await waitFor(() => expect(methodCalls(calls, 'chaseCancel')).toEqual([expect.objectContaining({ chaseId: 'C9' })]));
  });
});
