/**
 * Roads drawn from a shoe's results (the worked example of packages/games roads.test.ts: B B P P P B T B P B B B B
 * B B B), 问路 flashing the would-be cells, the shoe's counts; and the realbet page's multi-table lobby: one card
 * per table with its big road or last results, live states, a click launches the table.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { Wrap } from '../../../test/authTestUtils.tsx';
import { mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { pushTable, subscribed } from './realtime.mock.ts';
import { Roads } from './Roads.tsx';
import { TableLobby } from './TableLobby.tsx';
import { coups, lobbyEntry, setupTableTests, state } from './testKit.tsx';

vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'));

const seen = setupTableTests();

const EXAMPLE = coups('BBPPPBTBPBBBBBBB');
const cells = (id: string) => screen.getByTestId(`road-${id}`).querySelectorAll('.troad__cell');
const asked = (id: string) => screen.getByTestId(`road-${id}`).querySelectorAll('.troad__cell--ask');

describe('roads', () => {
  test('each road has a cell per entry of its rule: bead 16, big road 15 (the tie marks its entry), big eye 12, small 9, cockroach 7', () => {
    render(
      <Wrap>
        <Roads results={EXAMPLE} />
      </Wrap>,
    );
    expect(cells('bead')).toHaveLength(16);
    expect(cells('big')).toHaveLength(15);
    expect(cells('bigEye')).toHaveLength(12);
    expect(cells('small')).toHaveLength(9);
    expect(cells('cockroach')).toHaveLength(7);
    expect(screen.getByTestId('stat-banker').textContent).toBe('11');
    expect(screen.getByTestId('stat-player').textContent).toBe('4');
    expect(screen.getByTestId('stat-tie').textContent).toBe('1');
    // The big road's seventh column (seven bankers) turns right at the bottom: the grid is six rows high.
    const ys = [...cells('big')].map((c) => c.getAttribute('transform'));
    expect(ys.every((t) => !/ (8[4-9]|9\d|\d{3})\)$/.test(t!))).toBe(true);
  });

  test('问路: asking banker adds one flashing cell to the bead plate, the big road and each derived road (all red)', async () => {
    render(
      <Wrap>
        <Roads results={EXAMPLE} />
      </Wrap>,
    );
    expect(asked('bead')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('ask-banker'));
    expect(cells('bead')).toHaveLength(17);
    for (const id of ['bead', 'big', 'bigEye', 'small', 'cockroach']) expect(asked(id), id).toHaveLength(1);
    for (const id of ['bigEye', 'small', 'cockroach']) expect(asked(id)[0]!.innerHTML, id).toContain('#d0312d');
    // The counts stay the shoe's.
    expect(screen.getByTestId('stat-banker').textContent).toBe('11');
  });

  test('ties before the first result: the bead plate shows them, the big road marks them on its first entry', () => {
    render(
      <Wrap>
        <Roads results={coups('TTB')} />
      </Wrap>,
    );
    expect(cells('bead')).toHaveLength(3);
    expect(cells('big')).toHaveLength(1);
    expect(cells('big')[0]!.querySelector('line')).not.toBeNull();
    expect(cells('big')[0]!.textContent).toBe('2');
  });

  test('dragon tiger reads the roads as 龙 / 虎 with no pair counts', () => {
    render(
      <Wrap>
        <Roads results={coups('BPT')} dragonTiger />
      </Wrap>,
    );
    expect(screen.getByTestId('road-bead').textContent).toBe('龙虎和');
    expect(screen.getByTestId('ask-banker').textContent).toContain('龙问路');
    expect(screen.queryByTestId('stat-bankerPair')).toBeNull();
  });
});

describe('the multi-table lobby', () => {
  /** Built per test: the states' serverNow is the moment the lobby answers (the cards count from it). */
  const tables = () => [
    lobbyEntry({ shoeResults: coups('BBPT') }),
    lobbyEntry({
      gameCode: 'DT1',
      kind: 'dragonTiger',
      name: '龙虎',
      shoeResults: coups('PPTB'),
      state: state({ gameCode: 'DT1', kind: 'dragonTiger', status: 'revealing' }),
    }),
    lobbyEntry({
      gameCode: 'SB1',
      kind: 'sicbo',
      name: '骰宝',
      shoeResults: [],
      state: state({ gameCode: 'SB1', kind: 'sicbo', shoe: null }),
      lastDraws: [{ seq: 4, issue: '4', outcome: { kind: 'sicbo', dice: [1, 2, 3] } }],
    }),
  ];

  test('one card per table: the card tables with their big road, sic bo with its last results; the status with the seconds left; live over the socket', async () => {
    const calls = mockApi({ tableLobby: ok({ list: tables() }) });
    renderAt(<TableLobby />, '/game/realbet');
    await screen.findByTestId('table-lobby');
    expect(calls.find((c) => c.path.endsWith('/game/api/v1/tableLobby'))!.body).toEqual({ category: 'ZR' });
    const bac = screen.getByTestId('lobby-table-BAC1');
    expect(bac.querySelectorAll('[data-testid="road-mini-big"] .troad__cell')).toHaveLength(3);
    expect(screen.getByTestId('lobby-table-DT1').querySelectorAll('[data-testid="road-mini-big"] .troad__cell')).toHaveLength(3);
    expect(screen.getByTestId('lobby-table-SB1').querySelectorAll('[data-testid="recent-item"]')).toHaveLength(1);
    expect(bac.querySelector('[data-testid="lobby-status"]')!.textContent).toMatch(/^下注中 (9|10|11)秒$/);
    expect(screen.getByTestId('lobby-table-DT1').querySelector('[data-testid="lobby-status"]')!.textContent).toBe('开奖中');
    expect(subscribed).toEqual([['BAC1', 'DT1', 'SB1']]);
    // A settled coup pushed: the big road grows; an older push changes nothing.
    act(() => pushTable(state({ status: 'settled', version: 1209, coup: { winner: 'player' } })));
    expect(bac.querySelectorAll('[data-testid="road-mini-big"] .troad__cell')).toHaveLength(4);
    expect(bac.querySelector('[data-testid="lobby-status"]')!.textContent).toBe('已开奖');
    act(() => pushTable(state({ status: 'betting', version: 1100 })));
    expect(bac.querySelector('[data-testid="lobby-status"]')!.textContent).toBe('已开奖');
  });

  test('a click launches the table at the crzr venue and opens its page', async () => {
    const calls = mockApi({
      tableLobby: ok({ list: tables() }),
      launch: ok({ url: '', data: { enName: 'CRZR', token: 'TT9', expiresAt: Date.now() + 600_000, gameCode: 'DT1' } }),
    });
    renderAt(<TableLobby />, '/game/realbet');
    await userEvent.click(await screen.findByTestId('lobby-table-DT1'));
    await waitFor(() => expect(seen.assigned).toEqual(['/zr/table?enName=CRZR&gameCode=DT1']));
    expect(calls.find((c) => c.path.endsWith('/launch'))!.body).toEqual({ enName: 'crzr', gameCode: 'DT1' });
  });

  test('no tables (the lobby answers none): nothing is shown', async () => {
    mockApi({ tableLobby: ok({ list: [] }) });
    const { container } = renderAt(<TableLobby />, '/game/realbet');
    await waitFor(() => expect(container.querySelector('[data-testid="table-lobby"]')).toBeNull());
  });
});
