/**
 * The 棋牌 table parts: a 百人牛牛 round's hands as they are revealed (names once shown, 胜/负 and the multiple once
 * settled — the same rules the server settles by), the schedule of multiples, the 路单 from the history, and the
 * 棋牌 lobby's live tables (a click launches the table at venue crqp).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { drawTableRound, NIU_RANK_NAMES, niuHand, tableRoundSeeds, type NiuniuRound } from '@portal/games';
import { Wrap } from '../../test/authTestUtils.tsx';
import { mockApi, ok, renderAt } from '../wallet/testKit.tsx';
import { info, lobbyEntry, setupTableTests, state } from '../game/table/testKit.tsx';
import { NiuniuLayout } from './CardsLayout.tsx';
import { CardsLobby } from './CardsLobby.tsx';
import { CardsRoad } from './CardsRoad.tsx';
import { RevealHands } from './RevealHands.tsx';

vi.mock('../../api/realtime.ts', () => import('../game/table/realtime.mock.ts'));

const seen = setupTableTests();
const drawn = (seq: number) => drawTableRound('niuniu', tableRoundSeeds('cd'.repeat(32), 'NN1', seq), null);
const nn = (over: Parameters<typeof state>[0] = {}) => state({ gameCode: 'NN1', kind: 'niuniu', shoe: null, ...over });

describe('百人牛牛 at the table', () => {
  test('hands appear one by one with their names; the settled round marks each spot 胜/负 with the multiple', () => {
    const d = drawn(3);
    const round = (d.outcome as { round: NiuniuRound }).round;
    const { rerender } = render(
      <Wrap>
        <RevealHands state={nn({ status: 'revealing', steps: d.steps.slice(0, 2) })} />
      </Wrap>,
    );
    expect(screen.getByTestId('qhand-tian').querySelectorAll('[data-testid="qpiece"]')).toHaveLength(5);
    expect(screen.getByTestId('qname-tian').textContent).toBe(NIU_RANK_NAMES[niuHand(round.spots.tian.cards).rank]);
    expect(screen.getByTestId('qhand-banker').textContent).toContain('待开牌');
    expect(screen.queryByTestId('qresult-tian')).toBeNull();
    rerender(
      <Wrap>
        <RevealHands state={nn({ status: 'settled', steps: d.steps, outcome: d.outcome })} />
      </Wrap>,
    );
    expect(screen.getByTestId('qname-banker').textContent).toBe(NIU_RANK_NAMES[round.banker.rank]);
    for (const r of round.results)
      expect(screen.getByTestId(`qresult-${r.spot}`).textContent).toBe(`${r.win ? '胜' : '负'} ×${r.multiple}`);
  });

  test('the layout shows the deposit rule and the schedule (无牛 – 牛六 ×1 … 五小牛 ×5)', () => {
    const types = ['tian', 'di', 'xuan', 'huang'].map((key) => ({ key, name: key, odds: '1.95', group: 'main' }));
    render(
      <Wrap>
        <NiuniuLayout
          info={info({ kind: 'niuniu', betTypes: types })}
          pending={{ tian: 5_000 }}
          placed={{}}
          open
          winners={new Set()}
          onSpot={() => {}}
        />
      </Wrap>,
    );
    expect(screen.getByTestId('spot-tian').textContent).toContain('底注 10 · 押金×5');
    const rows = [...screen.getByTestId('niuniu-schedule').querySelectorAll('li')].map((li) => li.textContent);
    expect(rows).toEqual(['炸弹 – 五小牛×5', '四花牛 – 五花牛×4', '牛牛×3', '牛七 – 牛九×2', '无牛 – 牛六×1']);
  });

  test('路单: one row per spot, a cell per settled round, oldest first', () => {
    const list = [5, 4, 3].map((seq) => ({ seq, outcome: drawn(seq).outcome }));
    render(
      <Wrap>
        <CardsRoad kind="niuniu" list={list} />
      </Wrap>,
    );
    const cells = screen.getAllByTestId('road-cell');
    expect(cells).toHaveLength(12);
    const first = (drawn(3).outcome as { round: NiuniuRound }).round.results[0]!;
    expect(cells[0]!.textContent).toBe(first.win ? '胜' : '负');
  });
});

describe('the 棋牌 lobby', () => {
  test('lists the QP tables with their round; a click launches the table at venue crqp', async () => {
    const calls = mockApi({
      tableLobby: ok({
        list: [
          lobbyEntry({
            gameCode: 'NN1',
            kind: 'niuniu',
            name: '百人牛牛',
            state: nn(),
            lastDraws: [{ seq: 11, issue: '11', outcome: drawn(11).outcome }],
          }),
        ],
      }),
      launch: ok({ url: '', data: { enName: 'CRQP', token: 'Q1', expiresAt: Date.now() + 60_000, gameCode: 'NN1' } }),
    });
    renderAt(<CardsLobby />);
    await waitFor(() => expect(screen.getByTestId('qp-table-NN1')).toBeTruthy());
    expect(calls.find((c) => c.path.endsWith('/game/api/v1/tableLobby'))!.body).toEqual({ category: 'QP' });
    expect(screen.getByTestId('qp-status').textContent).toMatch(/下注中 \d+ 秒/);
    await userEvent.click(screen.getByTestId('qp-table-NN1'));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/launch'))!.body).toEqual({ enName: 'crqp', gameCode: 'NN1' }));
    expect(seen.opened).toEqual([]);
  });
});
