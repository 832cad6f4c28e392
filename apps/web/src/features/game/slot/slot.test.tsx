/** The slot page against a mocked venue: bet levels, balance, pace (minimum spin time, autoplay, quiet wins), the unshown round, 6302, the fairness verifier, the client seed. */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { bus } from '../../../app/events.ts';
import { Wrap } from '../../../test/authTestUtils.tsx';
import { fail, mockApi, ok, renderAt } from '../../wallet/testKit.tsx';
import { ClientSeedForm } from './FairnessPanel.tsx';
import { SlotHostPage } from './SlotHostPage.tsx';
import { LAUNCH, info, nonceWhere, outcomeAt, roundAt, setupSlotTests, slotRoute, type SlotHandlers } from './testKit.tsx';
import { validClientSeed } from './verify.ts';

setupSlotTests();

/** Reduced motion: the shortest animation the pace allows (tests wait less). */
beforeEach(() => {
  vi.stubGlobal('matchMedia', (q: string) => ({
    matches: q.includes('reduce'),
    media: q,
    addEventListener() {},
    removeEventListener() {},
  }));
});
afterEach(() => {
  vi.useRealTimers();
});

type Calls = ReturnType<typeof mockApi>;
const methodCalls = (calls: Calls, method: string) =>
  calls
    .filter((c) => c.path.endsWith('resource') && (c.body as { method: string }).method === method)
    .map((c) => (c.body as { Request: Record<string, unknown> }).Request);

async function open(handlers: SlotHandlers = {}, query = '') {
  const calls = mockApi({ launch: ok(LAUNCH), resource: slotRoute(handlers) });
  renderAt(<SlotHostPage />, `/dz/game?enName=CRDZ&gameCode=H5001${query}`, '/dz/game');
  await screen.findByTestId('slot-game');
  return calls;
}
const spinButton = () => screen.getByTestId('slot-spin') as HTMLButtonElement;

/** A spin answer for the nonce's outcome at the bet, with the balance after it. */
const spinAnswer = (nonce: number, balance = '99.80', betFen = 20) => ({ round: roundAt(nonce, { betFen }), balance });

describe('session and envelope', () => {
  test('no stored session: launch {enName, gameCode}, then slotInfo with the token in the envelope', async () => {
    const calls = await open();
    expect(calls.find((c) => c.path.endsWith('launch'))?.body).toEqual({ enName: 'CRDZ', gameCode: 'H5001' });
    expect(calls.find((c) => c.path.endsWith('resource'))?.body).toMatchObject({
      method: 'slotInfo',
      enName: 'CRDZ',
      Request: { token: 'ST1', langx: 'zh-CN', remoteip: '', gameCode: 'H5001' },
    });
    expect(screen.getByTestId('slot-balance').textContent).toContain('100');
  });
});

describe('bet and balance', () => {
  test('the chosen bet level is the bet string sent; every click has a new idempotency key', async () => {
    const none = nonceWhere((o) => o.totalWinFen === 0 && o.freeSpins.length === 0, 100);
    const calls = await open({ spin: (r) => spinAnswer(none, '99.00', r.bet === '1.00' ? 100 : 20) });
    await userEvent.click(screen.getByRole('combobox', { name: '投注额' }));
    await userEvent.click(await screen.findByTitle('¥ 1'));
    await userEvent.click(spinButton());
    await waitFor(() => expect(methodCalls(calls, 'ack')).toHaveLength(1));
    await waitFor(() => expect(spinButton().disabled).toBe(false));
    await userEvent.click(spinButton());
    await waitFor(() => expect(methodCalls(calls, 'ack')).toHaveLength(2));
    const spins = methodCalls(calls, 'spin');
    expect(spins.map((r) => r.bet)).toEqual(['1.00', '1.00']);
    expect(spins[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9._:-]{8,100}$/);
    expect(spins[1]!.idempotencyKey).not.toBe(spins[0]!.idempotencyKey);
    expect(screen.getByTestId('slot-balance').textContent).toContain('99');
  });

  test('balance below the bet: spin disabled, the transfer message opens the venue-entry dialog for CRDZ', async () => {
    const shown: Array<{ channelCode?: string }> = [];
    const off = bus.on('show_venue_entry', (e) => void shown.push(e));
    await open({ slotInfo: () => info({ balance: '0.10' }) });
    expect(spinButton().disabled).toBe(true);
    const warn = screen.getByTestId('slot-insufficient');
    expect(warn.textContent).toContain('场馆余额不足');
    await userEvent.click(within(warn).getByRole('button', { name: /转入资金/ }));
    expect(shown).toEqual([expect.objectContaining({ channelCode: 'CRDZ' })]);
    off();
  });

  test('enough for the lowest bet but not for a higher one: choosing it disables spin', async () => {
    await open({ slotInfo: () => info({ balance: '0.50' }) });
    expect(spinButton().disabled).toBe(false);
    expect(screen.queryByTestId('slot-insufficient')).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: '投注额' }));
    await userEvent.click(await screen.findByTitle('¥ 1'));
    expect(spinButton().disabled).toBe(true);
    expect(screen.getByTestId('slot-insufficient')).toBeTruthy();
  });
});

describe('pace', () => {
  test('autoplay offered only when pace.autoplay is true', async () => {
    await open({ slotInfo: () => info({ pace: { minSpinMs: 2500, autoplay: false, celebrateOnlyAboveStake: true } }) });
    expect(screen.queryByTestId('slot-auto')).toBeNull();
    expect(screen.queryByText(/自动/)).toBeNull();
  });

  test('autoplay on: the control is there and runs spins until stopped', async () => {
    const none = nonceWhere((o) => o.totalWinFen === 0 && o.freeSpins.length === 0);
    const calls = await open({ spin: () => spinAnswer(none) });
    const auto = screen.getByTestId('slot-auto');
    await userEvent.click(within(auto).getByRole('button', { name: /自动 10 次/ }));
    const stop = await screen.findByTestId('slot-auto-stop');
    await waitFor(() => expect(methodCalls(calls, 'spin').length).toBeGreaterThanOrEqual(2));
    await userEvent.click(stop);
    await waitFor(() => expect(screen.queryByTestId('slot-auto-stop')).toBeNull());
    const n = methodCalls(calls, 'spin').length;
    expect(n).toBeLessThan(10);
  });

  test('the spin lasts at least pace.minSpinMs: no result, no ack before it', async () => {
    const none = nonceWhere((o) => o.totalWinFen === 0 && o.freeSpins.length === 0);
    const calls = await open({
      slotInfo: () => info({ pace: { minSpinMs: 2500, autoplay: false, celebrateOnlyAboveStake: true } }),
      spin: () => spinAnswer(none),
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fireEvent.click(spinButton());
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(methodCalls(calls, 'spin')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(2400));
    expect(methodCalls(calls, 'ack')).toHaveLength(0);
    expect(spinButton().disabled).toBe(true);
    expect(screen.getByTestId('slot-reels').getAttribute('data-state')).toBe('spinning');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(methodCalls(calls, 'ack')).toEqual([expect.objectContaining({ roundId: `R${none}` })]);
    expect(screen.getByTestId('slot-reels').getAttribute('data-state')).toBe('stopped');
    expect(spinButton().disabled).toBe(false);
  });

  test('celebrateOnlyAboveStake: a win at most the stake is quiet, a win above it celebrates', async () => {
    const small = nonceWhere((o) => o.totalWinFen > 0 && o.totalWinFen <= 20 && o.freeSpins.length === 0);
    const big = nonceWhere((o) => o.totalWinFen > 20 && o.freeSpins.length === 0);
    let next = small;
    const calls = await open({
      slotInfo: () => info({ pace: { minSpinMs: 0, autoplay: false, celebrateOnlyAboveStake: true } }),
      spin: () => spinAnswer(next),
    });
    await userEvent.click(spinButton());
    const quiet = await screen.findByTestId('slot-win');
    expect(quiet.className).toContain('slot-overlay--quiet');
    expect(screen.getByTestId('slot-game').className).not.toContain('slot-game--celebrate');
    expect(screen.queryByText('大奖！')).toBeNull();
    await waitFor(() => expect(methodCalls(calls, 'ack')).toHaveLength(1));
    next = big;
    await waitFor(() => expect(spinButton().disabled).toBe(false));
    await userEvent.click(spinButton());
    await waitFor(() => expect(screen.getByTestId('slot-game').className).toContain('slot-game--celebrate'));
    expect(screen.getByTestId('slot-win').className).toContain('slot-overlay--celebrate');
  });

  test('without the flag a small win celebrates', async () => {
    const small = nonceWhere((o) => o.totalWinFen > 0 && o.totalWinFen <= 20 && o.freeSpins.length === 0);
    await open({ spin: () => spinAnswer(small) });
    await userEvent.click(spinButton());
    await waitFor(() => expect(screen.getByTestId('slot-game').className).toContain('slot-game--celebrate'));
  });
});

describe('outcomes on the reels', () => {
  test('the reels stand on the outcome grid after a spin; the last win shows the total', async () => {
    const big = nonceWhere((o) => o.totalWinFen > 20 && o.freeSpins.length === 0);
    await open({ spin: () => spinAnswer(big) });
    await userEvent.click(spinButton());
    await waitFor(() => expect(screen.getByTestId('slot-reels').getAttribute('data-state')).toBe('stopped'));
    await screen.findByTestId('slot-win');
    expect(JSON.parse(screen.getByTestId('slot-reels').getAttribute('data-grid')!)).toEqual(outcomeAt(big).base.grid);
    expect(screen.getByTestId('slot-last-win').textContent).toContain(String(outcomeAt(big).totalWinFen / 100));
  });

  test('free spins play stage by stage with the count and multiplier', async () => {
    const feature = nonceWhere((o) => o.freeSpins.length > 0 && o.freeSpins.length <= 12);
    const o = outcomeAt(feature);
    await open({ spin: () => spinAnswer(feature) });
    await userEvent.click(spinButton());
    expect((await screen.findByTestId('slot-free-banner')).textContent).toContain(`免费旋转 ${o.freeSpinsAwarded} 次`);
    const badge = await screen.findByTestId('slot-free', {}, { timeout: 10_000 });
    expect(badge.textContent).toMatch(/免费旋转 \d+ \/ \d+/);
    expect(badge.textContent).toContain(`×${o.freeSpins[0]!.multiplier}`);
    await waitFor(() => expect(screen.getByTestId('slot-free').textContent).toContain(`${o.freeSpins.length} / `), { timeout: 15_000 });
    await screen.findByTestId('slot-win', {}, { timeout: 15_000 });
    expect(JSON.parse(screen.getByTestId('slot-reels').getAttribute('data-grid')!)).toEqual(o.freeSpins[o.freeSpins.length - 1]!.grid);
  });

  test('an unshown round is shown first under 上一局结果 and acked', async () => {
    const big = nonceWhere((o) => o.totalWinFen > 20 && o.freeSpins.length === 0);
    const unshown = roundAt(big);
    const calls = await open({ slotInfo: () => info({ unshown }) });
    const notice = screen.getByTestId('slot-unshown');
    expect(notice.textContent).toContain('上一局结果');
    expect(notice.textContent).toContain(String(outcomeAt(big).totalWinFen / 100));
    const cells = within(screen.getByTestId('slot-unshown-grid'))
      .getAllByRole('cell')
      .map((c) => c.querySelector('img')!.getAttribute('alt'));
    const grid = outcomeAt(big).base.grid;
    const names = Object.fromEntries((await import('@portal/games')).titleByCode('H5001')!.symbols.map((s) => [s.id, s.names['zh-CN']]));
    expect(cells).toEqual([0, 1, 2].flatMap((row) => grid.map((reel) => names[reel[row]!])));
    expect(JSON.parse(screen.getByTestId('slot-reels').getAttribute('data-grid')!)).toEqual(grid);
    await waitFor(() => expect(methodCalls(calls, 'ack')).toEqual([expect.objectContaining({ roundId: unshown.roundId })]));
  });
});

describe('errors', () => {
  test('6302: the non-closable 数据异常 dialog; 重新进入 launches again', async () => {
    let broken = true;
    const calls = mockApi({
      launch: ok(LAUNCH),
      resource: slotRoute({ slotInfo: () => (broken ? fail(6302, '数据异常，请重新进入游戏') : info()) }),
    });
    renderAt(<SlotHostPage />, '/dz/game?enName=CRDZ&gameCode=H5001', '/dz/game');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('数据异常，请重新进入游戏');
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    broken = false;
    await userEvent.click(within(dialog).getByRole('button', { name: '重新进入' }));
    await screen.findByTestId('slot-game');
    expect(calls.filter((c) => c.path.endsWith('launch'))).toHaveLength(2);
  });

  test('6011 on spin: the server message, the balance restored', async () => {
    await open({ spin: () => fail(6011, '请勿频繁提交') });
    await userEvent.click(spinButton());
    expect(await screen.findByText('请勿频繁提交')).toBeTruthy();
    await waitFor(() => expect(spinButton().disabled).toBe(false));
    expect(screen.getByTestId('slot-balance').textContent).toContain('100');
  });

  test('a visitor gets the login prompt', async () => {
    const { useSession } = await import('../../../stores/session.ts');
    useSession.setState({ token: null, userId: null, user: null });
    const logins: unknown[] = [];
    const off = bus.on('login', () => void logins.push(1));
    mockApi({});
    renderAt(<SlotHostPage />, '/dz/game?enName=CRDZ&gameCode=H5001', '/dz/game');
    await userEvent.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(logins).toHaveLength(1);
    off();
  });
});

describe('provable fairness', () => {
  test('a revealed round re-computed in the browser: 验证通过', async () => {
    const n = nonceWhere((o) => o.totalWinFen > 0);
    await open({ round: () => roundAt(n, { revealed: true }) }, `&verify=R${n}`);
    const result = await screen.findByTestId('slot-verify-result');
    expect(result.textContent).toContain('验证通过');
    expect(result.getAttribute('data-pass')).toBe('true');
  });

  test('a stored grid altered: 验证失败', async () => {
    const n = nonceWhere((o) => o.totalWinFen > 0);
    const o = structuredClone(outcomeAt(n));
    o.base.grid[2]![1] = o.base.grid[2]![1] === 'WLD' ? 'LIAN' : 'WLD';
    await open({ round: () => roundAt(n, { revealed: true, outcome: o }) }, `&verify=R${n}`);
    const result = await screen.findByTestId('slot-verify-result');
    expect(result.textContent).toContain('验证失败');
    expect(result.getAttribute('data-pass')).toBe('false');
  });

  test('a round whose server seed is not revealed yet: rotate first', async () => {
    await open({ round: () => roundAt(3) }, '&verify=R3');
    expect((await screen.findByTestId('slot-verify-result')).textContent).toContain('请先点击“更换种子”');
  });

  test('rotate shows the revealed server seed; a recent spin opens the verifier', async () => {
    const n = nonceWhere((o) => o.totalWinFen > 0);
    const calls = await open({
      rounds: () => ({ total: 1, list: [roundAt(n)] }),
      rotateSeed: () => ({
        current: { serverSeedHash: 'ab'.repeat(32), clientSeed: 'portal-test', nonce: 0 },
        revealed: [
          {
            serverSeed: 'cd'.repeat(32),
            serverSeedHash: 'ef'.repeat(32),
            clientSeed: 'portal-test',
            rounds: 8,
            revealedAt: Date.UTC(2026, 10, 26),
          },
        ],
      }),
      round: () => roundAt(n, { revealed: true }),
    });
    await userEvent.click(screen.getByTestId('slot-fair-open'));
    await userEvent.click(await screen.findByTestId('slot-rotate'));
    expect((await screen.findByTestId('slot-revealed-now')).textContent).toContain('cd'.repeat(32));
    expect(methodCalls(calls, 'rotateSeed')).toHaveLength(1);
    await userEvent.click(within(await screen.findByTestId(`slot-round-R${n}`)).getByRole('button', { name: '验证' }));
    expect((await screen.findByTestId('slot-verify-result')).textContent).toContain('验证通过');
  });
});

describe('client seed', () => {
  test('1–64 of letters, digits, _ and -', () => {
    expect(validClientSeed('a')).toBe(true);
    expect(validClientSeed('A-z_09'.padEnd(64, 'x'))).toBe(true);
    expect(validClientSeed('x'.repeat(65))).toBe(false);
    expect(validClientSeed('')).toBe(false);
    expect(validClientSeed('has space')).toBe(false);
    expect(validClientSeed('中文')).toBe(false);
  });

  test('the form refuses an invalid seed and sends a valid one', async () => {
    const saved: string[] = [];
    render(
      <Wrap>
        <ClientSeedForm current="portal-test" saving={false} onSave={(s) => saved.push(s)} />
      </Wrap>,
    );
    const input = screen.getByRole('textbox', { name: '客户端种子' });
    await userEvent.clear(input);
    await userEvent.type(input, 'bad seed!');
    expect(screen.getByTestId('slot-seed-error').textContent).toContain('1–64');
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(input);
    await userEvent.type(input, 'my_seed-42');
    expect(screen.queryByTestId('slot-seed-error')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(saved).toEqual(['my_seed-42']);
  });

  test('the panel sends clientSeed', async () => {
    const calls = await open();
    await userEvent.click(screen.getByTestId('slot-fair-open'));
    const input = await screen.findByRole('textbox', { name: '客户端种子' });
    await userEvent.clear(input);
    await userEvent.type(input, 'lucky_7');
    await userEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(methodCalls(calls, 'clientSeed')).toEqual([expect.objectContaining({ clientSeed: 'lucky_7' })]));
  });
});
