/**
 * The 责任博彩 page: limits with what is used (the server's figures), setting one, a pending raise with its
 * cooling-off (确认 only when the server says confirmable, 撤销), the session limit and reality interval, the
 * time-out / self-exclusion confirmed by the md5 of the login password (then logged out), KYC status and
 * form, the history; the deposit page's offer card.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { bus } from '../../app/events.ts';
import { md5 } from '../../api/md5.ts';
import { useSession } from '../../stores/session.ts';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from '../wallet/testKit.tsx';
import { DepositLimitCard } from './DepositLimitCard.tsx';
import { ProtectionPage } from './ProtectionPage.tsx';
import { ProtectionRoot } from './ProtectionRoot.tsx';
import { HOUR, limit, reality, state } from './testKit.ts';

withWalletTestSession();

const bodies = (calls: { path: string; body: unknown }[], end: string) => calls.filter((c) => c.path.endsWith(end)).map((c) => c.body);
const history = ok({ total: 0, list: [] });

describe('limits', () => {
  test('each limit shows its amount and what the server counts against it now; unset ones say 未设置', async () => {
    mockApi({
      'protection/state': ok(state({}, [limit({ kind: 'deposit', period: 'day', amount: '500.00', used: '120.50' })])),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    expect((await screen.findByTestId('limit-deposit-day-amount')).textContent).toBe('¥ 500');
    expect(screen.getByTestId('limit-deposit-day-used').textContent).toBe('¥ 120.50 / ¥ 500');
    expect(screen.getByTestId('limit-loss-week-amount').textContent).toBe('未设置');
    expect(screen.getByTestId('limit-wager-month-amount').textContent).toBe('未设置');
  });

  test('设置 sends the kind, the period and the amount as money; the answered state is shown', async () => {
    const after = state({}, [limit({ kind: 'deposit', period: 'week', amount: '800.00' })]);
    const calls = mockApi({ 'protection/state': ok(state()), 'protection/setLimit': ok(after), 'protection/history': history });
    renderAt(<ProtectionPage />);
    const row = await screen.findByTestId('limit-deposit-week');
    await userEvent.click(within(row).getByRole('button', { name: /设\s*置/ }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: '限额金额（元）' });
    // The limit dialog asks for a limit, not a transfer.
    expect(amount.getAttribute('placeholder')).toBe('请输入限额金额');
    await userEvent.type(amount, '800');
    await userEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(screen.getByTestId('limit-deposit-week-amount').textContent).toBe('¥ 800'));
    expect(bodies(calls, 'protection/setLimit')).toEqual([{ kind: 'deposit', period: 'week', amount: '800.00' }]);
  });

  test('a pending raise shows the new amount and its cooling-off; 确认 is off until the server says confirmable', async () => {
    const pending = { amount: '1000.00', effectiveAt: Date.now() + 23 * HOUR, confirmable: false };
    const calls = mockApi({
      'protection/state': ok(state({}, [limit({ kind: 'loss', period: 'day', amount: '200.00', pending })])),
      'protection/cancelPending': ok(state({}, [limit({ kind: 'loss', period: 'day', amount: '200.00' })])),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    const box = await screen.findByTestId('pending-loss-day');
    expect(box.textContent).toContain('待生效：¥ 1,000');
    expect(screen.getByTestId('pending-loss-day-left').textContent).toMatch(/^剩余 (23小时0分0秒|22小时59分5\d秒)$/);
    expect((within(box).getByRole('button', { name: /确\s*认/ }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(box).getByRole('button', { name: /撤\s*销/ }));
    await waitFor(() => expect(screen.queryByTestId('pending-loss-day')).toBeNull());
    expect(bodies(calls, 'protection/cancelPending')).toEqual([{ kind: 'loss', period: 'day' }]);
  });

  test('when the cooling-off ends on this clock the state is asked again, and 确认 confirms what the server allows', async () => {
    let n = 0;
    const ended = { amount: null, effectiveAt: Date.now() - 1000 };
    const calls = mockApi({
      'protection/state': () =>
        ok(state({}, [limit({ kind: 'wager', period: 'month', amount: '300.00', pending: { ...ended, confirmable: n++ > 0 } })])),
      'protection/confirmLimit': ok(state()),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    const box = await screen.findByTestId('pending-wager-month');
    expect(box.textContent).toContain('待生效：取消限额');
    const confirm = within(box).getByRole('button', { name: /确\s*认/ }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    expect(screen.getByTestId('pending-wager-month-left').textContent).toBe('冷静期已结束，确认后生效');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('limit-wager-month-amount').textContent).toBe('未设置'));
    expect(bodies(calls, 'protection/confirmLimit')).toEqual([{ kind: 'wager', period: 'month' }]);
  });

  test("a refusal (6605 before the cooling-off ends) shows the server's message", async () => {
    mockApi({
      'protection/state': ok(state({}, [limit({ kind: 'deposit', period: 'day', amount: '100.00' })])),
      'protection/setLimit': fail(6605, '冷静期至2026-11-27 10:00结束，届时请再次确认'),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    await userEvent.click(within(await screen.findByTestId('limit-deposit-day')).getByRole('button', { name: /修\s*改/ }));
    await userEvent.type(within(await screen.findByRole('dialog')).getByRole('textbox'), '900');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('冷静期至2026-11-27 10:00结束，届时请再次确认')).toBeTruthy();
  });
});

describe('session limit and reality checks', () => {
  test('the reality-check interval offers 15–120 minutes and off, and sends the choice', async () => {
    const calls = mockApi({
      'protection/state': ok(state()),
      'protection/setRealityCheck': ok(state({ session: { ...state().session, realityCheckMinutes: 15 } })),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    await userEvent.click(within(await screen.findByTestId('reality-interval')).getByRole('combobox'));
    await screen.findAllByRole('option');
    const options = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
    expect(options).toEqual(['关闭', '每 15 分钟', '每 30 分钟', '每 45 分钟', '每 60 分钟', '每 90 分钟', '每 120 分钟']);
    await userEvent.click(screen.getByTitle('每 15 分钟'));
    await waitFor(() => expect(bodies(calls, 'protection/setRealityCheck')).toEqual([{ minutes: 15 }]));
  });

  test('a pending session-limit raise shows its minutes and confirms with kind session', async () => {
    const pending = { minutes: 120, effectiveAt: Date.now() - 1, confirmable: true };
    const calls = mockApi({
      'protection/state': ok(state({ session: { ...state().session, limitMinutes: 60, pending } })),
      'protection/confirmLimit': ok(state({ session: { ...state().session, limitMinutes: 120 } })),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    expect((await screen.findByTestId('session-limit-current')).textContent).toBe('60 分钟');
    const box = screen.getByTestId('pending-session');
    expect(box.textContent).toContain('待生效：120 分钟');
    await userEvent.click(within(box).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(screen.getByTestId('session-limit-current').textContent).toBe('120 分钟'));
    expect(bodies(calls, 'protection/confirmLimit')).toEqual([{ kind: 'session' }]);
  });
});

describe('time-out and self-exclusion', () => {
  test('says what happens, sends the md5 of the login password, then logs out and says until when', async () => {
    const until = new Date('2027-11-26T10:00:00').getTime();
    const tips = vi.fn();
    const off = bus.on('show_dialog_tips', tips);
    const calls = mockApi({
      'protection/state': ok(state()),
      'protection/exclude': ok({ kind: 'self_exclusion', since: Date.now(), until, allBrands: true }),
      'protection/history': history,
      'protection/realityCheck': ok(reality()),
    });
    // The root ends the session once home shows (here the page is at home already).
    renderAt(
      <>
        <ProtectionPage />
        <ProtectionRoot />
      </>,
    );
    const panel = await screen.findByTestId('exclusion');
    for (const effect of ['立即生效，期满前不能提前解除。', '期间仍可登录并申请取款，账户余额不会被没收。'])
      expect(within(panel).getByText(effect)).toBeTruthy();
    expect(
      within(panel)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toContain('24小时');
    await userEvent.click(within(panel).getByText('自我排除'));
    const periods = within(panel)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent);
    expect(periods).toEqual(expect.arrayContaining(['6个月', '1年', '2年', '5年', '永久']));
    await userEvent.click(within(panel).getByText('1年'));
    await userEvent.click(within(panel).getByRole('checkbox', { name: '所有品牌' }));
    await userEvent.type(within(panel).getByPlaceholderText('请输入登录密码以确认'), 'Secret123');
    await userEvent.click(within(panel).getByRole('button', { name: /确认暂停/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('自我排除：1年');
    await userEvent.click(within(confirm).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(useSession.getState().token).toBeNull());
    expect(bodies(calls, 'protection/exclude')).toEqual([
      { kind: 'self_exclusion', period: '1y', allBrands: true, password: md5('Secret123') },
    ]);
    expect(tips).toHaveBeenCalledWith({ title: '已生效', content: '您已暂停游戏至2027-11-26 10:00，期间仅可登录取款' });
    off();
  });

  test('while excluded the form is not offered', async () => {
    mockApi({
      'protection/state': ok(state({ exclusion: { kind: 'timeout', since: Date.now(), until: Date.now() + HOUR, allBrands: false } })),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    await screen.findByTestId('limits-deposit');
    expect(screen.queryByTestId('exclusion')).toBeNull();
  });
});

describe('identity verification', () => {
  test.each([
    ['pending', '审核中'],
    ['verified', '已验证'],
    ['rejected', '未通过'],
  ] as const)('status %s shows %s', async (status, text) => {
    mockApi({
      'protection/state': ok(state({ kyc: { status, requiredReason: '', rejectReason: status === 'rejected' ? '照片模糊' : '' } })),
      'protection/history': history,
    });
    renderAt(<ProtectionPage />);
    expect((await screen.findByTestId('kyc-status')).textContent).toBe(text);
    if (status === 'rejected') expect(screen.getByText('未通过原因：照片模糊')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交验证/ }) !== null).toBe(status === 'rejected');
  });

  test('the form asks for both images before anything is sent', async () => {
    const calls = mockApi({ 'protection/state': ok(state()), 'protection/history': history });
    renderAt(<ProtectionPage />);
    const kyc = await screen.findByTestId('kyc');
    await userEvent.type(within(kyc).getByLabelText('真实姓名'), '王小明');
    await userEvent.type(within(kyc).getByLabelText('证件号码'), '110101199001011234');
    await userEvent.click(within(kyc).getByRole('button', { name: /提交验证/ }));
    expect((await within(kyc).findAllByText('请上传照片')).length).toBe(2);
    expect(bodies(calls, 'protection/kycSubmit')).toEqual([]);
  });
});

test('KYC: both images go up as private (purpose kyc) uploads and the submission names them', async () => {
  let n = 0;
  const calls = mockApi({
    'protection/state': ok(state()),
    'protection/history': history,
    'upload/uploadImage': () => ok({ id: `U${++n}`, url: `/uploads/U${n}`, mime: 'image/png', bytes: 10 }),
    'protection/kycSubmit': ok(state({ kyc: { status: 'pending', requiredReason: '', rejectReason: '' } })),
  });
  renderAt(<ProtectionPage />);
  const kyc = await screen.findByTestId('kyc');
  await userEvent.type(within(kyc).getByLabelText('真实姓名'), '王小明');
  await userEvent.click(within(kyc).getByLabelText('出生日期'));
  await userEvent.type(within(kyc).getByLabelText('出生日期'), '1990-01-01{Enter}');
  await userEvent.type(within(kyc).getByLabelText('证件号码'), '110101199001011234');
  const inputs = kyc.querySelectorAll<HTMLInputElement>('input[type=file]');
  expect(inputs).toHaveLength(2);
  for (const input of inputs) await userEvent.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
  await waitFor(() => expect(bodies(calls, 'upload/uploadImage')).toHaveLength(2));
  expect(bodies(calls, 'upload/uploadImage').map((b) => (b as { purpose: string }).purpose)).toEqual(['kyc', 'kyc']);
  await userEvent.click(within(kyc).getByRole('button', { name: /提交验证/ }));
  await waitFor(() => expect(screen.getByTestId('kyc-status').textContent).toBe('审核中'));
  expect(bodies(calls, 'protection/kycSubmit')).toEqual([
    {
      realName: '王小明',
      birthday: '1990-01-01',
      documentType: 'id_card',
      documentNumber: '110101199001011234',
      documentImage: 'U1',
      selfieImage: 'U2',
    },
  ]);
});

test('the history lists each change with its label and values', async () => {
  mockApi({
    'protection/state': ok(state()),
    'protection/history': ok({
      total: 3,
      list: [
        {
          at: new Date('2026-11-26T09:30:00').getTime(),
          action: 'limit_decreased',
          kind: 'deposit',
          period: 'day',
          before: '1000.00',
          after: '500.00',
        },
        {
          at: new Date('2026-11-26T09:00:00').getTime(),
          action: 'self_exclusion',
          kind: 'self_exclusion',
          period: 'permanent',
          before: '',
          after: 'permanent',
        },
        {
          at: new Date('2026-11-26T08:00:00').getTime(),
          action: 'limit_removal_requested',
          kind: 'session',
          period: 'session',
          before: '60',
          after: '',
        },
      ],
    }),
  });
  renderAt(<ProtectionPage />);
  const table = await screen.findByTestId('history');
  await within(table).findByText('调低限额');
  expect(within(table).getByText('2026-11-26 09:30')).toBeTruthy();
  expect(within(table).getByText('存款限额 · 24小时')).toBeTruthy();
  expect(within(table).getByText('¥ 1,000 → ¥ 500')).toBeTruthy();
  expect(within(table).getByText('自我排除 · 永久')).toBeTruthy();
  expect(within(table).getByText('无 → 永久')).toBeTruthy();
  expect(within(table).getByText('申请取消限额')).toBeTruthy();
  expect(within(table).getByText('60 分钟 → 无')).toBeTruthy();
  expect(table.textContent).not.toMatch(/[a-z]{4,}/);
});

describe('the deposit page offer', () => {
  test('shows 设置存款限额 when no deposit limit is set or pending, linking to the page', async () => {
    mockApi({ 'protection/state': ok(state({}, [limit({ kind: 'loss', period: 'day', amount: '50.00' })])) });
    renderAt(<DepositLimitCard />);
    const card = await screen.findByTestId('deposit-limit-card');
    expect(card.textContent).toContain('设置存款限额');
  });

  test.each([
    ['in force', limit({ kind: 'deposit', period: 'month', amount: '5000.00' })],
    [
      'pending',
      limit({ kind: 'deposit', period: 'day', pending: { amount: '10.00', effectiveAt: Date.now() + HOUR, confirmable: false } }),
    ],
  ])('hidden with a deposit limit %s', async (_, row) => {
    const calls = mockApi({ 'protection/state': ok(state({}, [row])) });
    renderAt(<DepositLimitCard />);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('protection/state'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('deposit-limit-card')).toBeNull();
  });
});
