/** The lottery category page's draw cards from a faked public tableLobby: names, countdowns, last numbers, launch on click. */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { TableLobbyEntryWire } from '@portal/contract';
import { mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { LotteryPage } from '../pages.tsx';
import { LotteryCards } from './LotteryCards.tsx';
import { pushTable, tableSubscribers } from './realtime.mock.ts';
import { launchOf, settledDraw, setupLotteryTests, state } from './testKit.tsx';
import type { LotteryCode } from './api.ts';

vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupLotteryTests();

function entry(code: LotteryCode, name: string, drawInMs: number, over: Partial<TableLobbyEntryWire> = {}): TableLobbyEntryWire {
  const now = Date.now();
  const last = settledDraw(code, 344);
  return {
    gameCode: code,
    kind: state(code).kind,
    name,
    status: 'active',
    minBet: '1.00',
    maxBet: '50000.00',
    state: state(code, { closesAt: now + drawInMs - 5_000, drawAt: now + drawInMs, serverNow: now }),
    shoeResults: [],
    lastDraws: [{ seq: last.seq, issue: last.issue, outcome: last.outcome }],
    ...over,
  };
}

const LOBBY = [
  entry('K3', '极速快三', 42_000),
  entry('D5', '五星彩', 95_000),
  entry('RC10', '极速赛车', 10_000, { status: 'maintenance' }),
];

describe('draw cards', () => {
  test('one card per draw: its name, the countdown to its draw, the last draw’s numbers', async () => {
    const calls = mockApi({ tableLobby: ok({ list: LOBBY }) });
    renderAt(<LotteryCards />);
    const cards = await screen.findAllByTestId('lottery-card');
    expect(calls.find((c) => c.path.endsWith('tableLobby'))?.body).toEqual({ category: 'CP' });
    expect(cards.map((c) => c.dataset.game)).toEqual(['K3', 'D5', 'RC10']);
    expect(cards[0]!.textContent).toContain('极速快三');
    expect(within(cards[0]!).getByTestId('lottery-card-clock').textContent).toMatch(/距开奖 00:4[0-2]/);
    expect(within(cards[1]!).getByTestId('lottery-card-clock').textContent).toMatch(/距开奖 01:3[3-5]/);
    const dice = (settledDraw('K3', 344).outcome as { dice: number[] }).dice;
    expect(cards[0]!.querySelector('.lottery-numbers')?.getAttribute('data-numbers')).toBe(dice.join(','));
    expect(cards[0]!.textContent).toContain('第 20261126-0344 期');
    expect(cards[2]!.textContent).toContain('维护中');
    expect((cards[2] as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('本彩种由随机数生成器开奖，非真人开奖')).toBeTruthy();
  });

  test('the pushes keep the countdown on the next draw', async () => {
    mockApi({ tableLobby: ok({ list: LOBBY }) });
    renderAt(<LotteryCards />);
    const cards = await screen.findAllByTestId('lottery-card');
    await waitFor(() => expect(tableSubscribers()).toEqual(['K3', 'D5', 'RC10']));
    const now = Date.now();
    act(() => void pushTable(state('K3', { seq: 346, version: 34_600, drawAt: now + 118_000, serverNow: now })));
    expect(within(cards[0]!).getByTestId('lottery-card-clock').textContent).toMatch(/距开奖 01:5[7-9]/);
  });

  test('a click launches the draw at crcp and opens its page', async () => {
    const calls = mockApi({ tableLobby: ok({ list: LOBBY }), launch: ok(launchOf('D5')) });
    renderAt(<LotteryPage />, '/game/lottery');
    const cards = await screen.findAllByTestId('lottery-card');
    await userEvent.click(cards[1]!);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('launch'))?.body).toEqual({ enName: 'crcp', gameCode: 'D5' }));
  });
});
