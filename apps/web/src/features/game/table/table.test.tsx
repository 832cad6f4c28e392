/**
 * The table page against a mocked venue and socket: chips on spots then 确认下注 send one tableBet with those spots
 * and amounts; 重复 and 加倍; controls off outside the window; pushed states (newer replaces, older ignored); a
 * settled round's payout and balance come from the member push (re-read only on resync); 取消下注; the rng notice; a sic bo round verified in the browser.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { drawTableRound, seedCommitment, tableRoundSeeds } from '@portal/games';
import { useSession } from '../../../stores/session.ts';
import { mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { pushTable, pushWallet, resyncWallet } from './realtime.mock.ts';
import { TablePage } from './TablePage.tsx';
import { LAUNCH, SEED, bet, info, setupTableTests, state, tableRoute, type TableHandlers } from './testKit.tsx';

vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupTableTests();

type Calls = ReturnType<typeof mockApi>;
const methodCalls = (calls: Calls, method: string) =>
  calls
    .filter((c) => c.path.endsWith('resource') && (c.body as { method: string }).method === method)
    .map((c) => (c.body as { Request: Record<string, unknown> }).Request);

async function open(handlers: TableHandlers = {}, gameCode = 'BAC1') {
  const calls = mockApi({ launch: ok(LAUNCH), resource: tableRoute(handlers) });
  renderAt(<TablePage />, `/zr/table?enName=crzr&gameCode=${gameCode}`, '/zr/table');
  await screen.findByTestId('table-game');
  return calls;
}
const click = (id: string) => userEvent.click(screen.getByTestId(id));
const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('the table page', () => {
  test('header: the table, its round, the balance, and the plain notice that no live dealer deals it', async () => {
    const calls = await open();
    expect(methodCalls(calls, 'tableInfo')[0]).toMatchObject({ gameCode: 'BAC1', token: 'TT1' });
    expect(screen.getByTestId('table-name').textContent).toBe('百家乐 1号桌');
    expect(screen.getByTestId('table-issue').textContent).toContain('1-12');
    expect(screen.getByTestId('table-balance').textContent).toContain('1,000');
    expect(screen.getByTestId('rng-notice').textContent).toContain('本桌由随机数生成器开奖，非真人荷官');
    expect(screen.getByTestId('round-status').textContent).toBe('下注中');
    expect(within(screen.getByTestId('spot-banker')).getByText('1:0.95')).toBeTruthy();
    expect(within(screen.getByTestId('spot-tie')).getByText('1:8')).toBeTruthy();
    expect(screen.getByTestId('table-limits').textContent).toBe('限红主注 10 - 50,000副注 10 - 5,000');
  });

  test('chips stacked on spots, then 确认下注: one tableBet with every spot and its amount, a fresh key; the stakes then show as placed', async () => {
    const calls = await open({
      tableBet: (r) => ({
        bets: (r.bets as { type: string; amount: string }[]).map((b) => bet({ type: b.type, amount: b.amount })),
        balance: '790.00',
      }),
    });
    await click('chip-100');
    await click('spot-banker');
    await click('spot-banker');
    await click('chip-10');
    await click('spot-playerPair');
    expect(screen.getByTestId('pending-banker').textContent).toBe('+200');
    expect(screen.getByTestId('pending-total').textContent).toContain('210');
    expect(methodCalls(calls, 'tableBet')).toEqual([]);
    await click('table-confirm');
    await waitFor(() => expect(screen.getByTestId('placed-banker').textContent).toBe('200'));
    const sent = methodCalls(calls, 'tableBet');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      gameCode: 'BAC1',
      seq: 12,
      bets: [
        { type: 'banker', amount: '200.00' },
        { type: 'playerPair', amount: '10.00' },
      ],
    });
    expect(sent[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(screen.queryByTestId('pending-banker')).toBeNull();
    expect(screen.getByTestId('table-balance').textContent).toContain('790');
    // A second confirm is a new request with its own key.
    await click('spot-tie');
    await click('table-confirm');
    await waitFor(() => expect(methodCalls(calls, 'tableBet')).toHaveLength(2));
    expect(methodCalls(calls, 'tableBet')[1]!.idempotencyKey).not.toBe(sent[0]!.idempotencyKey);
  });

  test('撤销 clears the unsent chips; 取消下注 takes back the placed bets (tableCancel with the round)', async () => {
    const placed = bet({ type: 'player', amount: '50.00' });
    const calls = await open({
      tableInfo: () => info({ myBets: [placed] }),
      tableCancel: () => ({ bets: [{ ...placed, status: 'refunded' }], balance: '1050.00' }),
    });
    expect(screen.getByTestId('placed-player').textContent).toBe('50');
    await click('spot-tie');
    await click('table-undo');
    expect(screen.queryByTestId('pending-tie')).toBeNull();
    await click('table-cancel');
    await waitFor(() => expect(screen.queryByTestId('placed-player')).toBeNull());
    expect(methodCalls(calls, 'tableCancel')[0]).toMatchObject({ gameCode: 'BAC1', seq: 12 });
    expect(screen.getByTestId('table-balance').textContent).toContain('1,050');
  });

  test("重复 puts last round's bets back on the layout; 加倍 doubles what is on it (placed and unsent); confirm sends the sum", async () => {
    const calls = await open({
      tableInfo: () =>
        info({
          myBets: [
            bet({ seq: 11, type: 'banker', amount: '50.00', status: 'won', payout: '97.50' }),
            bet({ seq: 11, type: 'tie', amount: '10.00', status: 'lost' }),
            bet({ seq: 10, type: 'player', amount: '500.00', status: 'lost' }),
          ],
        }),
      tableBet: () => ({ bets: [], balance: '880.00' }),
    });
    await click('table-repeat');
    expect(screen.getByTestId('pending-banker').textContent).toBe('+50');
    expect(screen.getByTestId('pending-tie').textContent).toBe('+10');
    expect(screen.queryByTestId('pending-player')).toBeNull();
    await click('table-double');
    expect(screen.getByTestId('pending-banker').textContent).toBe('+100');
    expect(screen.getByTestId('pending-tie').textContent).toBe('+20');
    await click('table-confirm');
    await waitFor(() => expect(methodCalls(calls, 'tableBet')).toHaveLength(1));
    expect(methodCalls(calls, 'tableBet')[0]!.bets).toEqual([
      { type: 'banker', amount: '100.00' },
      { type: 'tie', amount: '20.00' },
    ]);
  });

  test('重复 after a reload: last round read from tableBets (tableInfo lists only the current round)', async () => {
    const calls = await open({
      tableBets: () => ({ total: 1, list: [bet({ seq: 11, type: 'player', amount: '500.00', status: 'lost' })] }),
    });
    expect(methodCalls(calls, 'tableBets')[0]).toMatchObject({ gameCode: 'BAC1' });
    await waitFor(() => expect(button('table-repeat').disabled).toBe(false));
    await click('table-repeat');
    expect(screen.getByTestId('pending-player').textContent).toBe('+500');
  });

  test('加倍 with bets already placed this round adds as much again as unsent chips', async () => {
    await open({ tableInfo: () => info({ myBets: [bet({ type: 'banker', amount: '100.00' })] }) });
    expect(button('table-repeat').disabled).toBe(true); // no earlier round
    await click('table-double');
    expect(screen.getByTestId('pending-banker').textContent).toBe('+100');
    expect(screen.getByTestId('placed-banker').textContent).toBe('100');
  });

  test('outside the betting window every control and spot is off; a newer betting state turns them on', async () => {
    await open({ tableInfo: () => info({ state: state({ status: 'revealing', version: 1205 }) }) });
    expect(screen.getByTestId('round-status').textContent).toBe('开奖中');
    for (const id of ['spot-banker', 'spot-tie', 'chip-100', 'table-confirm', 'table-repeat', 'table-double', 'table-cancel'])
      expect(button(id).disabled, id).toBe(true);
    act(() => pushTable(state({ seq: 13, version: 1300, status: 'betting' })));
    expect(screen.getByTestId('round-status').textContent).toBe('下注中');
    expect(button('spot-banker').disabled).toBe(false);
    expect(button('chip-100').disabled).toBe(false);
    expect(screen.getByTestId('table-issue').textContent).toContain('1-13');
  });

  test('a window whose close has passed on the corrected clock is closed even while the state still says betting', async () => {
    const now = Date.now();
    // The server's clock is 20 s ahead of this browser's: closesAt, 10 s ahead on this clock, is 10 s gone on the server's.
    await open({ tableInfo: () => info({ state: state({ serverNow: now + 20_000, closesAt: now + 10_000 }) }) });
    expect(screen.getByTestId('round-status').textContent).toBe('停止下注');
    expect(button('spot-banker').disabled).toBe(true);
  });

  test('consecutive pushes: a newer version replaces the state, an older one is ignored', async () => {
    await open();
    const s12 = state();
    act(() => pushTable({ ...s12, status: 'revealing', version: 1203, steps: [{ kind: 'card', side: 'player', value: 0 }] }));
    expect(screen.getByTestId('round-status').textContent).toBe('开奖中');
    expect(screen.getAllByTestId('tcard')).toHaveLength(1);
    act(() => pushTable({ ...s12, status: 'betting', version: 1201 }));
    expect(screen.getByTestId('round-status').textContent).toBe('开奖中');
    expect(screen.getAllByTestId('tcard')).toHaveLength(1);
    act(() =>
      pushTable({
        ...s12,
        status: 'revealing',
        version: 1204,
        steps: [
          { kind: 'card', side: 'player', value: 0 },
          { kind: 'card', side: 'banker', value: 8 },
        ],
      }),
    );
    expect(screen.getAllByTestId('tcard')).toHaveLength(2);
    expect(screen.getByTestId('hand-banker').textContent).toContain('9点');
  });

  test('a settled round: the payout and the balance come from the member push, with no request; the winning spot is lit', async () => {
    const mine = bet({ type: 'banker', amount: '100.00' });
    const calls = await open({ tableInfo: () => info({ myBets: [mine] }) });
    const coup = { winner: 'banker' as const, playerPair: false, bankerPair: false, natural: true };
    const outcome = {
      kind: 'baccarat',
      hand: {
        player: [1, 2],
        banker: [3, 4],
        playerTotal: 5,
        bankerTotal: 9,
        winner: 'banker',
        playerPair: false,
        bankerPair: false,
        natural: true,
      },
    };
    const requests = calls.length;
    act(() => pushTable(state({ status: 'settled', version: 1209, coup, outcome, serverSeed: SEED })));
    act(() =>
      pushWallet({
        channelCode: 'CRZR',
        balance: '1095.00',
        version: 41,
        result: {
          game: 'table',
          gameCode: 'BAC1',
          roundId: 'BAC1-12',
          issue: '1-12',
          stake: '100.00',
          payout: '195.00',
          status: 'won',
          bets: [{ betId: mine.betId, status: 'won', payout: '195.00' }],
        },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('round-payout').textContent).toContain('195'));
    expect(screen.getByTestId('round-result').textContent).toContain('庄赢');
    expect(screen.getByTestId('spot-banker').className).toContain('tspot--win');
    expect(screen.getByTestId('spot-player').className).not.toContain('tspot--win');
    expect(screen.getByTestId('table-balance').textContent).toContain('1,095');
    // The coup joins the roads at once.
    expect(screen.getByTestId('road-bead').querySelectorAll('.troad__cell')).toHaveLength(1);
    // An older wallet version delivered late changes nothing.
    act(() => pushWallet({ channelCode: 'CRZR', balance: '1.00', version: 40, result: null }));
    expect(screen.getByTestId('table-balance').textContent).toContain('1,095');
    expect(calls.length).toBe(requests);
  });

  test('after a reconnect (resync) the page reads the table, the history and its bets again', async () => {
    const calls = await open();
    const before = ['tableInfo', 'tableHistory', 'tableBets'].map((m) => methodCalls(calls, m).length);
    act(() => resyncWallet());
    await waitFor(() => expect(methodCalls(calls, 'tableInfo').length).toBe(before[0]! + 1));
    await waitFor(() => expect(methodCalls(calls, 'tableHistory').length).toBe(before[1]! + 1));
    await waitFor(() => expect(methodCalls(calls, 'tableBets').length).toBe(before[2]! + 1));
  });
});

describe('entering', () => {
  test('a visitor is asked to log in; nothing is called', async () => {
    useSession.setState({ token: null, userId: null, user: null, balanceFen: null });
    const calls = mockApi({ resource: tableRoute() });
    renderAt(<TablePage />, '/zr/table?enName=crzr&gameCode=BAC1', '/zr/table');
    await screen.findByText('登录后入座');
    expect(methodCalls(calls, 'tableInfo')).toEqual([]);
  });

  test('no table in the address: 未找到该桌台', async () => {
    const calls = mockApi({ resource: tableRoute() });
    renderAt(<TablePage />, '/zr/table?enName=crzr', '/zr/table');
    await screen.findByText('未找到该桌台');
    expect(calls.filter((c) => c.path.endsWith('launch') || c.path.endsWith('resource'))).toEqual([]);
  });
});

describe('a round missed between two pushes', () => {
  test("settled and the next window in one tick: the pushed result keeps the last round's payout in view, nothing read again", async () => {
    const mine = bet({ type: 'player', amount: '100.00', issue: '12' });
    const calls = await open({ tableInfo: () => info({ myBets: [mine] }) });
    expect(screen.queryByTestId('last-payout')).toBeNull();
    const requests = calls.length;
    act(() => {
      pushTable(state({ status: 'settled', version: 1209, coup: { winner: 'player' } }));
      pushTable(state({ seq: 13, version: 1300 }));
      pushWallet({
        channelCode: 'CRZR',
        balance: '1100.00',
        version: 9,
        result: {
          game: 'table',
          gameCode: 'BAC1',
          roundId: 'BAC1-12',
          issue: '1-12',
          stake: '100.00',
          payout: '200.00',
          status: 'won',
          bets: [{ betId: mine.betId, status: 'won', payout: '200.00' }],
        },
      });
    });
    // The server's bet views carry the round's number without the shoe ('12'): the page names it as it showed it.
    await waitFor(() => expect(screen.getByTestId('last-payout').textContent).toBe('上局 1-12 派彩 ¥ 200'));
    expect(screen.getByTestId('table-balance').textContent).toContain('1,100');
    expect(screen.getByTestId('table-issue').textContent).toContain('1-13');
    expect(calls.length).toBe(requests);
  });
});

describe('sic bo and roulette', () => {
  const sicbo = (over = {}) =>
    info({
      gameCode: 'SB1',
      kind: 'sicbo',
      name: '骰宝',
      variant: null,
      betTypes: [{ key: 'big', name: '大', odds: '2', group: 'main' }],
      state: state({ gameCode: 'SB1', kind: 'sicbo', shoe: null }),
      ...over,
    });

  test('the sic bo layout: every bet spot; the last results; a settled round verified in the browser from its revealed seed', async () => {
    const seq = 7;
    const drawn = drawTableRound('sicbo', tableRoundSeeds(SEED, 'SB1', seq), null);
    const entry = {
      seq,
      issue: `${seq}`,
      status: 'settled' as const,
      outcome: drawn.outcome,
      coup: null,
      seedHash: seedCommitment(SEED),
      serverSeed: SEED,
      drawAt: Date.now() - 30_000,
      settledAt: Date.now() - 25_000,
    };
    await open(
      {
        tableInfo: () => sicbo(),
        tableHistory: () => ({ total: 2, list: [entry, { ...entry, seq: 6, outcome: { kind: 'sicbo', dice: [6, 6, 6] } }] }),
      },
      'SB1',
    );
    const layout = screen.getByTestId('layout-sicbo');
    expect(layout.querySelectorAll('.tspot')).toHaveLength(4 + 1 + 14 + 6 * 3 + 15);
    expect(screen.getByTestId('reveal-dice')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('recent-item')).toHaveLength(2));
    expect(screen.getAllByTestId('recent-item')[1]!.textContent).toContain('18');
    await userEvent.click(screen.getByText('公平性验证'));
    expect(screen.getByTestId('fair-seed').textContent).toContain(SEED);
    await click('fair-verify');
    const verdict = screen.getByTestId('fair-verdict').textContent!;
    expect(verdict).toContain('种子与开奖前公布的哈希一致 · 一致');
    expect(verdict).toContain('由种子重新计算的结果与本桌开奖一致 · 一致');
  });

  test('a history entry whose outcome does not match its seed fails the check', async () => {
    const entry = {
      seq: 3,
      issue: '3',
      status: 'settled' as const,
      outcome: { kind: 'sicbo', dice: [0, 0, 0] },
      coup: null,
      seedHash: seedCommitment(SEED),
      serverSeed: SEED,
      drawAt: 0,
      settledAt: 0,
    };
    await open({ tableInfo: () => sicbo(), tableHistory: () => ({ total: 1, list: [entry] }) }, 'SB1');
    await userEvent.click(screen.getByText('公平性验证'));
    await click('fair-verify');
    expect(screen.getByTestId('fair-verdict').textContent).toContain('由种子重新计算的结果与本桌开奖一致 · 不一致');
  });

  test('roulette: a click on a number is a straight bet in:<n>; the wheel shows the revealed pocket', async () => {
    const calls = await open(
      {
        tableInfo: () =>
          info({
            gameCode: 'RL1',
            kind: 'roulette',
            variant: null,
            betTypes: [],
            state: state({ gameCode: 'RL1', kind: 'roulette', shoe: null }),
          }),
        tableBet: () => ({ bets: [], balance: '990.00' }),
      },
      'RL1',
    );
    expect(screen.getByTestId('layout-roulette').querySelectorAll('.troul__n')).toHaveLength(36);
    await click('chip-10');
    await click('spot-in:17');
    await click('spot-red');
    await click('table-confirm');
    await waitFor(() => expect(methodCalls(calls, 'tableBet')).toHaveLength(1));
    expect(methodCalls(calls, 'tableBet')[0]!.bets).toEqual([
      { type: 'in:17', amount: '10.00' },
      { type: 'red', amount: '10.00' },
    ]);
    act(() =>
      pushTable(
        state({
          gameCode: 'RL1',
          kind: 'roulette',
          shoe: null,
          status: 'revealing',
          version: 1250,
          steps: [{ kind: 'pocket', value: 17 }],
        }),
      ),
    );
    expect(screen.getByTestId('pocket').textContent).toBe('17 黑');
  });
});
