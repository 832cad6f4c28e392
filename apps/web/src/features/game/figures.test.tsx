/** Long-run figures in the lobby card and the game's help. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { DEEP_SEA_PEARL } from '@portal/games';
import { renderAt } from '../wallet/testKit.tsx';
import { GameCard } from './GameCard.tsx';
import { TableFigures } from './LongRunFigures.tsx';
import { Paytable } from './slot/Paytable.tsx';
import { game } from './testKit.tsx';

describe('long-run figures', () => {
  test('the lobby card shows RTP, hit rate, volatility and the largest win from the catalogue', async () => {
    const g = game('H5004', '深海明珠', {
      rtp: '93.99',
      volatility: 'high',
      figures: { rtp: '93.99', hitRate: '62.13', volatility: 'high', maxPayX: 1004, bets: [] },
    });
    renderAt(
      <ul>
        <GameCard game={g} name="深海明珠" onLaunch={() => undefined} />
      </ul>,
    );
    expect((await screen.findByTestId('game-figures')).textContent).toBe('命中率 62.13% · 波动 高 · 最高 1004 倍');
    expect(screen.getByText('返还率 93.99%')).toBeTruthy();
  });

  test("a table's help lists every bet: dragon tiger's tie 67.22% beside the dragon's 96.26% (rounded down)", async () => {
    renderAt(<TableFigures kind="dragonTiger" variant={null} />);
    await userEvent.click(await screen.findByText('长期数据'));
    const tie = within(await screen.findByTestId('long-run-tie'));
    expect(tie.getByText('67.22%')).toBeTruthy();
    expect(within(screen.getByTestId('long-run-dragon')).getByText('96.26%')).toBeTruthy();
  });

  test("a slot's help shows the exact RTP rounded down and its figures", async () => {
    renderAt(<Paytable def={DEEP_SEA_PEARL} bet={100} lang="zh-CN" open onClose={() => undefined} />);
    expect((await screen.findByTestId('slot-rtp')).textContent).toBe('93.99%');
    expect(within(screen.getByTestId('long-run-spin')).getByText('62.13%')).toBeTruthy();
  });
});
