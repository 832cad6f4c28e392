/** The bet record's categories: 体育 keeps the sportsbook's filter (no category sent); 电子 asks for DZ rounds and links a house slot round to its verifier. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { BetRecordPage, verifyPath } from './BetRecordPage.tsx';
import { mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';

withWalletTestSession();

const TOTAL = { count: 1, betAmount: '2.00', validAmount: '2.00', payout: '5.00', winLoss: '3.00' };
const ROUND = {
  ticket_id: 'R42',
  category: 'DZ',
  channelCode: 'CRDZ',
  kind: 'slot',
  seriesType: '',
  gameType: '',
  betAmount: '2.00',
  betCount: 1,
  validAmount: '2.00',
  payout: '5.00',
  winLoss: '3.00',
  maxPayout: '0.00',
  odds: '',
  status: 'settled',
  result: null,
  betTime: '2026-11-26T08:00:00.000Z',
  settleTime: '2026-11-26T08:00:00.000Z',
  legs: [],
  round: {
    gameCode: 'H5001',
    gameName: '翠龙献瑞',
    venueName: '自营电子',
    roundNo: 'R42',
    jackpotWin: '0.00',
    fairness: { serverSeedHash: 'ab', clientSeed: 'c', nonce: 3, serverSeed: null },
  },
};

describe('bet record categories', () => {
  test('体育 by default (no category), 电子 lists the casino rounds with 验证', async () => {
    const calls = mockApi({
      betRecordTotal: ok(TOTAL),
      betRecordList: (body) => ok((body as { category?: string }).category === 'DZ' ? { total: 1, list: [ROUND] } : { total: 0, list: [] }),
    });
    renderAt(<BetRecordPage />, '/mine/betRecord');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('betRecordList'))).toBe(true));
    const first = calls.find((c) => c.path.endsWith('betRecordList'))!.body as Record<string, unknown>;
    expect(first.category).toBeUndefined();
    expect(first.status).toBe(0);
    await userEvent.click(within(screen.getByTestId('record-categories')).getByText('电子'));
    expect((await screen.findByTestId('game-R42')).textContent).toBe('自营电子 · 翠龙献瑞');
    const dz = calls.filter((c) => c.path.endsWith('betRecordList')).at(-1)!.body as Record<string, unknown>;
    expect(dz).toMatchObject({ category: 'DZ' });
    expect(dz.status).toBeUndefined();
    expect(screen.getByTestId('verify-R42').textContent).toMatch(/验\s*证/);
    expect(verifyPath(ROUND)).toBe('/dz/game?enName=CRDZ&gameCode=H5001&verify=R42');
    expect(verifyPath({ ...ROUND, round: { ...ROUND.round, gameCode: 'SB-ZR-1' } })).toBeNull();
  });

  test('真人 lists a house table round with its number and the bets on it', async () => {
    const table = {
      ...ROUND,
      ticket_id: 'BAC1-7:m1',
      category: 'ZR',
      channelCode: 'CRZR',
      round: {
        ...ROUND.round,
        gameCode: 'BAC1',
        gameName: '百家乐 1号桌',
        venueName: '自营娱乐场',
        roundNo: '1-7',
        table: { issue: '1-7', bets: [{ name: '庄', amount: '100.00', payout: '195.00' }], seedHash: 'ab', serverSeed: 'cd' },
      },
    };
    mockApi({
      betRecordTotal: ok(TOTAL),
      betRecordList: (body) => ok((body as { category?: string }).category === 'ZR' ? { total: 1, list: [table] } : { total: 0, list: [] }),
    });
    renderAt(<BetRecordPage />, '/mine/betRecord');
    await userEvent.click(within(await screen.findByTestId('record-categories')).getByText('真人'));
    expect((await screen.findByTestId('table-BAC1-7:m1')).textContent).toBe('编号 1-7 · 庄 ¥100.00');
    // 局号 is the round as the table showed it, never the record's key (which carries the member's id).
    expect(screen.getByTestId('round-BAC1-7:m1').textContent).toBe('1-7');
    expect(screen.getByTestId('game-BAC1-7:m1').textContent).toContain('自营娱乐场 · 百家乐 1号桌');
    expect(document.querySelector('.bet-records')!.textContent).not.toContain(':m1');
    expect(verifyPath(table)).toBeNull();
  });
});
