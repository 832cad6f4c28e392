/** The lobby's live widgets: the recent big-wins strip (server data only) and the jackpot amount's roll. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { mockApi, ok, renderAt, withWalletTestSession } from '../../wallet/testKit.tsx';
import { ageOf, BigWinsFeed } from './BigWinsFeed.tsx';
import { rollFen } from './rolling.ts';

vi.mock('../../../api/realtime.ts', () => import('../../sport/realtime.mock.ts'));
withWalletTestSession();

const win = (player: string, tier: 'big' | 'mega' | 'super', amount: string, multiple: number, settledAt: number) => ({
  player,
  gameCode: 'H5001',
  name: '翠龙献瑞',
  names: { 'zh-CN': '翠龙献瑞', 'zh-TW': '翠龍獻瑞' },
  amount,
  multiple,
  tier,
  settledAt,
});

describe('最新大奖', () => {
  test('shows what the server answered: masked players, game, amount, multiple, tier, age; asks for the category', async () => {
    const now = Date.now();
    const calls = mockApi({
      recentBigWins: ok({
        list: [win('张**', 'super', '900.00', 90, now - 5 * 60_000), win('d**', 'big', '20.00', 10, now - 3 * 3_600_000)],
      }),
    });
    renderAt(<BigWinsFeed category="DZ" />, '/game/egame');
    const feed = await screen.findByTestId('big-wins');
    expect(calls.find((c) => c.path.endsWith('recentBigWins'))!.body).toEqual({ category: 'DZ' });
    const items = within(feed).getAllByRole('listitem');
    expect(items).toHaveLength(2); // two wins: the strip stands still, no copy for scrolling
    expect(items[0]!.textContent).toBe('超级巨奖张**翠龙献瑞¥ 90090 倍5 分钟前');
    expect(items[1]!.textContent).toBe('大奖d**翠龙献瑞¥ 2010 倍3 小时前');
  });

  test('no big win answered (or the call failed): nothing is shown, no placeholder', async () => {
    mockApi({ recentBigWins: ok({ list: [] }) });
    const { container } = renderAt(<BigWinsFeed category="DZ" />, '/game/egame');
    await waitFor(() => expect(container.querySelector('[data-testid="big-wins"]')).toBeNull());
    mockApi({});
    const other = renderAt(<BigWinsFeed category="BY" />, '/game/fishing');
    await waitFor(() => expect(other.container.querySelector('[data-testid="big-wins"]')).toBeNull());
  });

  test('ages', () => {
    expect(ageOf(1_000, 30_000)).toEqual({ key: 'now', count: 0 });
    expect(ageOf(0, 59 * 60_000)).toEqual({ key: 'minutes', count: 59 });
    expect(ageOf(0, 5 * 3_600_000)).toEqual({ key: 'hours', count: 5 });
    expect(ageOf(0, 50 * 3_600_000)).toEqual({ key: 'days', count: 2 });
  });
});

describe('jackpot roll', () => {
  test('travels between two answered amounts only: starts on the old, ends exactly on the new, never beyond', () => {
    expect(rollFen(1_000, 2_000, 0)).toBe(1_000);
    expect(rollFen(1_000, 2_000, 1_600)).toBe(2_000);
    let prev = 1_000;
    for (let ms = 0; ms <= 1_600; ms += 16) {
      const v = rollFen(1_000, 2_000, ms);
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(v).toBeLessThanOrEqual(2_000);
      prev = v;
    }
    // A pool paid out (the amount fell): the roll goes down, still between the two answers.
    expect(rollFen(5_000, 1_000, 800)).toBeGreaterThanOrEqual(1_000);
    expect(rollFen(5_000, 1_000, 800)).toBeLessThanOrEqual(5_000);
  });
});
