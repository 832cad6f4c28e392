/** 好路 on the multi-table lobby: badges from the cards' real results, growing live with a pushed coup. */
import { act, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { pushTable } from './realtime.mock.ts';
import { TableLobby } from './TableLobby.tsx';
import { coups, lobbyEntry, setupTableTests, state } from './testKit.tsx';

vi.mock('../../../api/realtime.ts', () => import('./realtime.mock.ts'));

setupTableTests();

const badges = (code: string) => [...screen.getByTestId(`lobby-table-${code}`).querySelectorAll('[data-kind]')].map((b) => b.textContent);

describe('好路 alerts', () => {
  test('长庄, 单跳, 双跳 and dragon tiger 长虎 from the shoes; a table without one has no badge; a push extends a run', async () => {
    mockApi({
      tableLobby: ok({
        list: [
          lobbyEntry({ shoeResults: coups('PBBTBB') }),
          lobbyEntry({ gameCode: 'BAC2', name: '百家乐 2号桌', shoeResults: coups('BBPBPBP'), state: state({ gameCode: 'BAC2' }) }),
          lobbyEntry({ gameCode: 'BAC3', name: '免佣百家乐', shoeResults: coups('BBPPBBPP'), state: state({ gameCode: 'BAC3' }) }),
          lobbyEntry({
            gameCode: 'DT1',
            kind: 'dragonTiger',
            name: '龙虎',
            shoeResults: coups('BPPPPP'),
            state: state({ gameCode: 'DT1', kind: 'dragonTiger' }),
          }),
          lobbyEntry({ gameCode: 'BAC4', name: '百家乐 4号桌', shoeResults: coups('BPPB'), state: state({ gameCode: 'BAC4' }) }),
        ],
      }),
    });
    renderAt(<TableLobby />, '/game/realbet');
    await screen.findByTestId('table-lobby');
    expect(badges('BAC1')).toEqual(['长庄 4 连']);
    expect(badges('BAC2')).toEqual(['单跳 5 连']);
    expect(badges('BAC3')).toEqual(['双跳 4 连']);
    expect(badges('DT1')).toEqual(['长虎 5 连']);
    expect(badges('BAC4')).toEqual([]);
    expect(screen.getByTestId('lobby-table-BAC1').className).toContain('tlobby__card--good');
    expect(screen.getByTestId('lobby-table-BAC4').className).not.toContain('tlobby__card--good');
    // 好路提醒 in the header: each table with a good road, in the lobby's order.
    const alerts = [...screen.getByTestId('good-road-alerts').querySelectorAll('button')].map((b) => b.textContent);
    expect(alerts).toEqual(['百家乐 1号桌 · 长庄 4 连', '百家乐 2号桌 · 单跳 5 连', '免佣百家乐 · 双跳 4 连', '龙虎 · 长虎 5 连']);
    // A banker coup pushed on BAC1: the run grows to five.
    act(() => pushTable(state({ status: 'settled', version: 1209, coup: { winner: 'banker' } })));
    expect(badges('BAC1')).toEqual(['长庄 5 连']);
    expect(screen.getByTestId('good-road-alerts').querySelector('button')!.textContent).toBe('百家乐 1号桌 · 长庄 5 连');
  });
});
