/**
 * The PvP 斗地主 page and lobby (issue 31): the levels with players waiting/seated (an empty level says so), the
 * table as the socket pushes it — only the player's own cards, the others' counts, the computer players labelled
 * 电脑, bidding buttons above the current bid, the auto-play marked 托管, play / pass / hint — and the result with the
 * rake shown and the seed revealed.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { PvpLevelWire, PvpStateWire } from '@portal/contract';
import { Wrap } from '../../../test/authTestUtils.tsx';
import { renderAt } from '../../wallet/testKit.tsx';
import { setupTableTests } from '../../game/table/testKit.tsx';
import { pvpListeners, pvpSent } from '../../game/table/realtime.mock.ts';
import { DoudizhuPage } from './DoudizhuPage.tsx';
import { PvpLobby } from './PvpLobby.tsx';

vi.mock('../../../api/realtime.ts', () => import('../../game/table/realtime.mock.ts'));
setupTableTests();

const push = (f: (l: typeof pvpListeners extends Set<infer L> ? L : never) => void) => act(() => pvpListeners.forEach(f));

const level = (o: Partial<PvpLevelWire>): PvpLevelWire => ({
  level: 'DDZ1',
  game: 'doudizhu',
  base: '1.00',
  hold: '48.00',
  cap: 24,
  rakePercent: 5,
  rakeCap: '10.00',
  waiting: 0,
  seated: 0,
  tables: 0,
  ...o,
});

function st(o: Partial<PvpStateWire> = {}): PvpStateWire {
  const seat = (i: number, x: Partial<PvpStateWire['seats'][number]> = {}) => ({
    seat: i,
    name: `玩家${i}`,
    computer: false,
    cards: 17,
    landlord: false,
    auto: false,
    connected: true,
    ...x,
  });
  return {
    handId: 'DDZ-1',
    level: 'DDZ1',
    practice: false,
    version: 1,
    seat: 0,
    seats: [seat(0), seat(1), seat(2)],
    hand: [2, 15, 28, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 1, 52, 53],
    bottom: null,
    phase: 'bidding',
    turn: 0,
    deadline: Date.now() + 20_000,
    serverNow: Date.now(),
    bids: [],
    bid: 0,
    landlord: null,
    last: null,
    turns: [],
    bombs: 0,
    multiple: 1,
    deckHash: 'ab'.repeat(32),
    voidDeals: [],
    result: null,
    ...o,
  };
}

describe('PvP 斗地主', () => {
  test('the lobby lists the levels with players waiting/seated; an empty level says so; practice is offered', () => {
    render(
      <Wrap>
        <PvpLobby />
      </Wrap>,
    );
    push((l) => l.onLobby?.([level({}), level({ level: 'DDZ5', base: '5.00', waiting: 2, seated: 3, tables: 1 })]));
    expect(within(screen.getByTestId('pvp-level-DDZ1')).getByTestId('pvp-people').textContent).toBe('暂无玩家，等待中');
    expect(within(screen.getByTestId('pvp-level-DDZ5')).getByTestId('pvp-people').textContent).toBe('2 人等待 · 3 人在座');
    expect(screen.getByTestId('pvp-practice').textContent).toContain('电脑');
  });

  test('bidding: the own cards only, the others as counts, bids above the current one', async () => {
    renderAt(<DoudizhuPage />, '/qp/doudizhu?level=DDZ1', '/qp/doudizhu');
    push((l) => l.onState?.(st({ bid: 1, bids: [{ seat: 2, bid: 1, auto: false }], turn: 0 })));
    expect(screen.getByTestId('ddz-hand').querySelectorAll('[data-card]')).toHaveLength(17);
    expect(screen.getByTestId('ddz-seat-1').textContent).toContain('17 张');
    expect(screen.queryByTestId('ddz-bid-1')).toBeNull();
    await userEvent.click(screen.getByTestId('ddz-bid-3'));
    expect(pvpSent.at(-1)).toEqual({ msgId: 41003, msgData: { handId: 'DDZ-1', bid: 3 } });
  });

  test('playing: landlord badge and bottom, 托管 marked, the hint picks the smallest beating play, then 出牌', async () => {
    renderAt(<DoudizhuPage />, '/qp/doudizhu?practice=1', '/qp/doudizhu');
    const seats = st().seats.map((s, i) => ({ ...s, landlord: i === 0, computer: i === 2, name: i === 2 ? null : s.name, auto: i === 1 }));
    push((l) =>
      l.onState?.(
        st({
          phase: 'playing',
          practice: true,
          seats,
          landlord: 0,
          bid: 3,
          multiple: 3,
          bottom: [13, 26, 39],
          last: { seat: 2, play: { type: 'single', key: 6, len: 1, cards: [5] } },
          turns: [
            { seat: 1, play: null, auto: true },
            { seat: 2, play: { type: 'single', key: 6, len: 1, cards: [18] }, auto: false },
          ],
          hand: [6, 7, 52, 53],
          turn: 0,
        }),
      ),
    );
    expect(screen.getByTestId('ddz-seat-2').textContent).toContain('电脑');
    expect(screen.getByTestId('ddz-seat-1').textContent).toContain('托管');
    expect(screen.getByTestId('ddz-me').textContent).toContain('地主');
    expect(screen.getByTestId('ddz-bottom').querySelectorAll('[data-card]')).toHaveLength(3);
    expect(screen.getByTestId('ddz-multiple').textContent).toBe('倍数 ×3');
    await userEvent.click(screen.getByTestId('ddz-hint'));
    await userEvent.click(screen.getByTestId('ddz-play'));
    expect(pvpSent.at(-1)).toEqual({ msgId: 41004, msgData: { handId: 'DDZ-1', cards: [6] } }); // 7 beats the 6
    act(() => pvpListeners.forEach((l) => l.onRefused?.('您的牌管不上')));
  });

  test('the result: each seat’s gross, rake and net, spring, the seed', () => {
    renderAt(<DoudizhuPage />, '/qp/doudizhu?level=DDZ1', '/qp/doudizhu');
    push((l) =>
      l.onState?.(
        st({
          phase: 'done',
          landlord: 0,
          hand: [],
          result: {
            landlordWins: true,
            spring: true,
            antiSpring: false,
            multiple: 6,
            seats: [
              { seat: 0, gross: '12.00', rake: '0.60', net: '11.40' },
              { seat: 1, gross: '-6.00', rake: '0.00', net: '-6.00' },
              { seat: 2, gross: '-6.00', rake: '0.00', net: '-6.00' },
            ],
            rake: '0.60',
            seed: 'cd'.repeat(32),
            deck: [],
          },
        }),
      ),
    );
    const r = screen.getByTestId('ddz-result');
    expect(r.textContent).toContain('胜利');
    expect(r.textContent).toContain('春天 ×2');
    expect(within(screen.getByTestId('ddz-result-0')).getByTestId('ddz-rake').textContent).toBe('0.60');
    expect(r.textContent).toContain('cd'.repeat(32));
  });
});
