import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConsoleGameRow, ConsoleTableRound } from '@portal/contract/console';
import { ConsoleError } from '../../api/client.ts';
import { fakeConsole, renderConsole, resetConsole } from '../../test/kit.tsx';
import TableRounds, { TABLE_ROUNDS_POLL_MS } from './TableRounds.tsx';

afterEach(() => {
  vi.useRealTimers();
  resetConsole();
});

const HASH = 'a'.repeat(56) + 'deadbeef';
const SEED = 'f'.repeat(58) + '012345';

const game = (code: string, name: string, venue: string): ConsoleGameRow => ({
  code,
  venue,
  category: venue === 'CRZR' ? 'ZR' : 'CP',
  name,
  status: 'active',
  sort: 0,
  tags: [],
  rtpBp: 9800,
  minBetFen: 1000,
  maxBetFen: 1_000_000,
  pool: null,
  updatedAt: 0,
  updatedBy: 'system',
});

const GAMES: Record<string, ConsoleGameRow[]> = {
  CRZR: [game('BAC1', '百家乐 1号桌', 'CRZR'), game('SB1', '骰宝', 'CRZR')],
  CRCP: [game('K3', '极速快三', 'CRCP')],
};

const round = (seq: number, status: ConsoleTableRound['status'], extra: Partial<ConsoleTableRound> = {}): ConsoleTableRound => ({
  seq,
  issue: `2026112600${seq}`,
  status,
  seedHash: HASH,
  serverSeed: null,
  outcome: null,
  bets: 0,
  stakeFen: 0,
  payoutFen: 0,
  openedAt: Date.UTC(2026, 10, 26, 10, 0, seq),
  settledAt: null,
  cancelledBy: null,
  ...extra,
});

const BAC1 = [
  round(4, 'betting', { bets: 3, stakeFen: 30_000 }),
  round(3, 'drawn', { bets: 1, stakeFen: 5_000 }),
  round(2, 'settled', {
    serverSeed: SEED,
    outcome: {
      kind: 'baccarat',
      hand: {
        player: [],
        banker: [],
        playerTotal: 5,
        bankerTotal: 7,
        winner: 'banker',
        playerPair: false,
        bankerPair: false,
        natural: false,
      },
    },
    bets: 2,
    stakeFen: 12_345,
    payoutFen: 19_500,
    settledAt: Date.UTC(2026, 10, 26, 10, 1, 0),
  }),
  round(1, 'cancelled', { serverSeed: SEED, cancelledBy: 'staff:boss', settledAt: Date.UTC(2026, 10, 26, 10, 0, 30) }),
];

function server() {
  return fakeConsole({
    'games/list': (b) => ({ list: GAMES[String(b.venue)] ?? [], total: (GAMES[String(b.venue)] ?? []).length }),
    'games/tableRounds': (b) =>
      b.code === 'BAC1'
        ? { list: BAC1, total: 41 }
        : { list: [round(9, 'settled', { serverSeed: SEED, outcome: { kind: 'sicbo', dice: [3, 5, 6] } })], total: 1 },
  });
}

const rowOf = async (issue: string) => (await screen.findByText(issue)).closest('tr')!;

describe('桌台开奖', () => {
  it("lists the house tables of the brand and the first table's rounds: status, outcome, seeds, money, times", async () => {
    const s = server();
    renderConsole(<TableRounds />, { permissions: ['games.read'] });
    const settled = await rowOf('20261126002');
    expect(s.bodies('games/list')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ siteCode: 7000, venue: 'CRZR' }),
        expect.objectContaining({ siteCode: 7000, venue: 'CRCP' }),
      ]),
    );
    expect(s.bodies('games/tableRounds')[0]).toEqual({ code: 'BAC1', page: 1, pageSize: 20 });
    expect(within(settled).getByText('已结算')).toBeTruthy();
    expect(within(settled).getByText('庄 7 : 闲 5 · 庄赢')).toBeTruthy();
    expect(within(settled).getByText('aaaaaaaa…adbeef')).toBeTruthy();
    expect(within(settled).getByText('ffffffff…012345')).toBeTruthy();
    expect(within(settled).getByText('123.45')).toBeTruthy();
    expect(within(settled).getByText('195.00')).toBeTruthy();
    expect(within(await rowOf('20261126004')).getByText('下注中')).toBeTruthy();
    expect(within(await rowOf('20261126004')).getByText('结算后公开')).toBeTruthy();
    expect(within(await rowOf('20261126003')).getByText('已开奖待结算')).toBeTruthy();
    const cancelled = await rowOf('20261126001');
    expect(within(cancelled).getByText('已取消')).toBeTruthy();
    expect(within(cancelled).getByText('boss 取消')).toBeTruthy();
    expect(screen.getByText('共 41 局')).toBeTruthy();

    // Another table: its rounds.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '桌台' }));
    fireEvent.click(await screen.findByTitle('骰宝（SB1）'));
    expect(within(await rowOf('20261126009')).getByText('3-5-6（14）')).toBeTruthy();
    expect(s.bodies('games/tableRounds').at(-1)).toEqual({ code: 'SB1', page: 1, pageSize: 20 });
  });

  it('refreshes the rounds every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s = server();
    renderConsole(<TableRounds />, { permissions: ['games.read'] });
    await rowOf('20261126004');
    const before = s.bodies('games/tableRounds').length;
    await vi.advanceTimersByTimeAsync(TABLE_ROUNDS_POLL_MS + 100);
    await waitFor(() => expect(s.bodies('games/tableRounds').length).toBe(before + 1));
  });

  it('offers 取消本局 on open rounds only, and only to deployment-wide staff with games.rounds', async () => {
    server();
    const view = renderConsole(<TableRounds />, { permissions: ['games.read', 'games.rounds'] });
    await rowOf('20261126004');
    expect(within(await rowOf('20261126004')).getByRole('button', { name: '取消本局' })).toBeTruthy();
    expect(within(await rowOf('20261126003')).getByRole('button', { name: '取消本局' })).toBeTruthy();
    expect(within(await rowOf('20261126002')).queryByRole('button', { name: '取消本局' })).toBeNull();
    expect(within(await rowOf('20261126001')).queryByRole('button', { name: '取消本局' })).toBeNull();
    view.unmount();

    for (const o of [
      { permissions: ['games.read' as const] },
      { permissions: ['games.read' as const, 'games.rounds' as const], sites: [7000] },
    ]) {
      const v = renderConsole(<TableRounds />, o);
      await rowOf('20261126004');
      expect(screen.queryByRole('button', { name: '取消本局' })).toBeNull();
      v.unmount();
    }
  });

  it('the cancel modal warns of the refund, requires a 2–200 character reason and sends {code, seq, reason}', async () => {
    const s = server();
    s.on('games/cancelRound', () => ({ refunded: 3, pendingApproval: false, requestedBy: null }));
    renderConsole(<TableRounds />, { permissions: ['games.read', 'games.rounds'] });
    fireEvent.click(within(await rowOf('20261126004')).getByRole('button', { name: '取消本局' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('本局所有注单将全额退还给会员，本局作废且不可恢复。')).toBeTruthy();
    expect(within(dialog).getByText(/百家乐 1号桌 第 20261126004 期/)).toBeTruthy();

    const ok = within(dialog).getByRole('button', { name: '确认取消本局' });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('请填写取消原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: ' 错 ' } });
    fireEvent.click(ok);
    expect(await within(dialog).findByText('取消原因为 2–200 个字')).toBeTruthy();
    expect(s.bodies('games/cancelRound')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '  开奖异常，作废本局 ' } });
    fireEvent.click(ok);
    await waitFor(() => expect(s.bodies('games/cancelRound')).toEqual([{ code: 'BAC1', seq: 4, reason: '开奖异常，作废本局' }]));
    expect(await screen.findByText('第 20261126004 期已取消，已退还 3 张注单')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when the cancel is refused and keeps the modal open", async () => {
    const s = server();
    s.on('games/cancelRound', () => {
      throw new ConsoleError(6009, '该局已结算或已取消');
    });
    renderConsole(<TableRounds />, { permissions: ['games.read', 'games.rounds'] });
    fireEvent.click(within(await rowOf('20261126003')).getByRole('button', { name: '取消本局' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('取消原因'), { target: { value: '重复开奖' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认取消本局' }));
    expect(await screen.findByText('该局已结算或已取消')).toBeTruthy();
    expect(s.bodies('games/cancelRound')).toEqual([{ code: 'BAC1', seq: 3, reason: '重复开奖' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
