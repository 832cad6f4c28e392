import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, type Mock } from 'vitest';
import { AccountManagePage, AddBankCardPage, AlipayManagePage, VirtualCoinCardPage } from './CardsPages.tsx';
import { TransRecordPage } from './TransRecordPage.tsx';
import { fail, mockApi, ok, renderAt, withWalletTestSession } from './testKit.tsx';

const seen = withWalletTestSession();

const CARD = {
  id: 'c1',
  bankCode: 'ICBC',
  bankName: '中国工商银行',
  holderName: '张三',
  cardNo: '**** **** **** 3344',
  createdAt: '2026-01-02T00:00:00Z',
};
const BANKS = [
  { bankCode: 'ICBC', bankName: '中国工商银行' },
  { bankCode: 'CMB', bankName: '招商银行' },
];

describe('bank cards', () => {
  test('the holder is the real name; card number rule; the card is added and listed', async () => {
    let cards: unknown[] = [];
    const calls = mockApi({
      'bankCard/withdraw/add/list': ok(BANKS),
      queryMemberBanksInfoList: () => ok({ cards, usdt: [] }),
      'bankCard/add': () => {
        cards = [CARD];
        return ok(CARD);
      },
    });
    renderAt(<AddBankCardPage />, '/mine/addBankCard');
    expect(((await screen.findByDisplayValue('张三')) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /添加银行卡/ }));
    expect(await screen.findByText('请选择银行')).toBeTruthy();
    expect(await screen.findByText('请输入正确的银行卡号')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('银行卡号'), '62220202001122334');
    expect((screen.getByLabelText('银行卡号') as HTMLInputElement).value).toBe('6222 0202 0011 2233 4');
    await userEvent.click(screen.getByRole('combobox', { name: '开户银行' }));
    await userEvent.click(await screen.findByTitle('招商银行'));
    await userEvent.click(screen.getByRole('button', { name: /添加银行卡/ }));
    expect(await screen.findByText('银行卡添加成功')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('bankCard/add'))!.body).toEqual({
      bankCode: 'CMB',
      cardNo: '62220202001122334',
      holderName: '张三',
    });
    expect(await screen.findByText('**** **** **** 3344')).toBeTruthy();
  });

  test("the server's message when a card is refused", async () => {
    mockApi({
      'bankCard/withdraw/add/list': ok(BANKS),
      queryMemberBanksInfoList: ok({ cards: [], usdt: [] }),
      'bankCard/add': fail(6009, '该银行卡已添加'),
    });
    renderAt(<AddBankCardPage />, '/mine/addBankCard');
    await userEvent.type(await screen.findByLabelText('银行卡号'), '622202020011');
    await userEvent.click(screen.getByRole('combobox', { name: '开户银行' }));
    await userEvent.click(await screen.findByTitle('中国工商银行'));
    await userEvent.click(screen.getByRole('button', { name: /添加银行卡/ }));
    expect(await screen.findByText('该银行卡已添加')).toBeTruthy();
  });
});

test('the bank lists are GET endpoints (spec §7): fetched by GET without a body', async () => {
  mockApi({ 'bankCard/withdraw/add/list': ok(BANKS), queryMemberBanksInfoList: ok({ cards: [], usdt: [] }) });
  renderAt(<AddBankCardPage />, '/mine/addBankCard');
  await screen.findByLabelText('银行卡号');
  const calls = (globalThis.fetch as Mock).mock.calls as [string, RequestInit][];
  for (const path of ['queryMemberBanksInfoList', 'bankCard/withdraw/add/list']) {
    await waitFor(() => expect(calls.some(([u]) => u.endsWith(path))).toBe(true));
    const init = calls.find(([u]) => u.endsWith(path))![1];
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  }
});

describe('USDT addresses', () => {
  test('address rule per network; adding sends network and address', async () => {
    const calls = mockApi({
      queryMemberBanksInfoList: ok({ cards: [], usdt: [] }),
      'bankCard/addUsdt': ok({ id: 'a1', network: 'ERC20', address: `0x${'a'.repeat(40)}`, createdAt: '2026-01-02T00:00:00Z' }),
    });
    renderAt(<VirtualCoinCardPage />, '/mine/virtualCoinCard');
    await userEvent.type(await screen.findByLabelText('钱包地址'), `0x${'a'.repeat(40)}`);
    await userEvent.click(screen.getByRole('button', { name: /添加钱包地址/ }));
    expect(await screen.findByText('请输入正确的钱包地址')).toBeTruthy(); // TRC20 selected
    await userEvent.click(screen.getByText('ERC20'));
    await userEvent.click(screen.getByRole('button', { name: /添加钱包地址/ }));
    expect(await screen.findByText('钱包地址添加成功')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('addUsdt'))!.body).toEqual({ network: 'ERC20', address: `0x${'a'.repeat(40)}` });
  });
});

describe('account pages', () => {
  test('accountManage/{id} shows that card; an unknown id says so', async () => {
    mockApi({ queryMemberBanksInfoList: ok({ cards: [CARD], usdt: [] }) });
    renderAt(<AccountManagePage />, '/mine/accountManage/c1', '/mine/accountManage/:id');
    expect(await screen.findByText('**** **** **** 3344')).toBeTruthy();
    expect(await screen.findByText('中国工商银行')).toBeTruthy();
  });

  test('accountManage with an unknown id', async () => {
    mockApi({ queryMemberBanksInfoList: ok({ cards: [CARD], usdt: [] }) });
    renderAt(<AccountManagePage />, '/mine/accountManage/zz', '/mine/accountManage/:id');
    expect(await screen.findByText('未找到该收款账户')).toBeTruthy();
  });

  test('e-wallet accounts are not a withdrawal method here: it says so and links to the two that are', async () => {
    mockApi({});
    renderAt(<AlipayManagePage />, '/mine/alipayManage');
    expect(await screen.findByText('暂不支持电子钱包收款')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '银行卡管理' }));
    expect(seen.assigned).toEqual(['/mine/addBankCard']);
  });
});

describe('trade records', () => {
  test('signed amounts, balance after, type names; the type filter is sent', async () => {
    const calls = mockApi({
      queryDealRecord: ok({
        total: 4,
        list: [
          {
            id: '2',
            type: 3,
            typeName: '转账',
            kind: 'transfer.in',
            amount: '-100.00',
            balanceAfter: '23.45',
            status: 'success',
            time: '2026-01-03T10:00:00Z',
            where: '星辰真人',
            ref: 't1',
          },
          {
            id: '1',
            type: 1,
            typeName: '存款',
            kind: 'deposit',
            amount: '+123.45',
            balanceAfter: '123.45',
            status: 'success',
            time: '2026-01-03T09:00:00Z',
            where: '',
            ref: 'D1',
          },
          {
            id: '3',
            type: 5,
            typeName: '调整',
            kind: 'hold.seamless',
            amount: '-5.00',
            balanceAfter: '18.45',
            status: 'success',
            time: '2026-01-03T11:00:00Z',
            where: '竹韵棋牌 竹韵翻牌',
            ref: 'R-1',
          },
          {
            id: '4',
            type: 5,
            typeName: '调整',
            kind: 'some.new.kind',
            amount: '+1.00',
            balanceAfter: '19.45',
            status: 'success',
            time: '2026-01-03T12:00:00Z',
            where: '',
            ref: '',
          },
        ],
      }),
    });
    renderAt(<TransRecordPage />, '/mine/transRecord');
    expect(await screen.findByText('-100')).toBeTruthy();
    expect(await screen.findByText('+123.45')).toBeTruthy();
    // Every line reads as a sentence: what, and where by name; never a dotted key.
    expect(await screen.findByText('转入场馆 · 星辰真人')).toBeTruthy();
    expect(await screen.findByText('游戏投注 · 竹韵棋牌 竹韵翻牌')).toBeTruthy();
    expect(await screen.findByText('其他')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/[a-z]+\.[a-z]+/);
    expect(await screen.findByText('¥ 23.45')).toBeTruthy();
    const first = calls.find((c) => c.path.endsWith('queryDealRecord'))!.body;
    expect(first).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(Number(first.endTime) - Number(first.beginTime)).toBeGreaterThan(6 * 86_400_000);
    await userEvent.click(screen.getByRole('combobox', { name: '类型' }));
    await userEvent.click(await screen.findByTitle('存款'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path.endsWith('queryDealRecord')).at(-1)!.body).toMatchObject({ type: 1, pageNum: 1 }),
    );
  });
});
