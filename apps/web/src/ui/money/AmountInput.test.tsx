import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button, Form } from 'antd';
import { afterEach, describe, expect, test } from 'vitest';
import { i18n } from '../../app/i18n.ts';
import { Wrap } from '../../test/authTestUtils.tsx';
import { AmountInput } from './AmountInput.tsx';
import { useAmountRules } from './amountRules.ts';
import { sanitizeAmountText } from './amountText.ts';

afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('sanitizeAmountText (spec §5: 2 decimals, max length 12)', () => {
  test.each([
    ['12', '12'],
    ['12.345', '12.34'],
    ['1.2.3', '1.23'],
    ['abc1x2', '12'],
    ['-5', '5'],
    ['.5', '0.5'],
    ['007', '7'],
    ['0.05', '0.05'],
    ['１２。５', '12.5'],
    ['1234567890123', '123456789012'],
    ['12345678901.99', '12345678901.'],
    ['', ''],
    ['1,234', '1234'],
  ])('%s → %s', (raw, kept) => expect(sanitizeAmountText(raw)).toBe(kept));

  test('never longer than 12 characters', () => {
    for (const raw of ['9'.repeat(20), `${'9'.repeat(11)}.99`, `0.${'1'.repeat(15)}`]) {
      expect(sanitizeAmountText(raw).length).toBeLessThanOrEqual(12);
    }
  });
});

function Controlled({ allFen }: { allFen?: number | null }) {
  const [v, setV] = useState('');
  return (
    <>
      <AmountInput value={v} onChange={setV} allFen={allFen} />
      <output data-testid="v">{v}</output>
    </>
  );
}

function InForm({ onFinish }: { onFinish: (v: { amount: string }) => void }) {
  const rules = useAmountRules();
  return (
    <Form onFinish={onFinish}>
      <Form.Item name="amount" rules={rules}>
        <AmountInput allFen={12_345} />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>
  );
}

describe('AmountInput', () => {
  test('typing keeps at most 2 decimals; 全部 fills the whole balance', async () => {
    render(
      <Wrap>
        <Controlled allFen={123_456_78} />
      </Wrap>,
    );
    const input = screen.getByLabelText('转入金额');
    await userEvent.type(input, '10.129');
    expect(screen.getByTestId('v').textContent).toBe('10.12');
    await userEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(screen.getByTestId('v').textContent).toBe('123456.78');
  });

  test('no 全部 button without a balance; a zero balance fills 0.00', async () => {
    const { unmount } = render(
      <Wrap>
        <Controlled />
      </Wrap>,
    );
    expect(screen.queryByRole('button', { name: '全部' })).toBeNull();
    unmount();
    render(
      <Wrap>
        <Controlled allFen={0} />
      </Wrap>,
    );
    await userEvent.click(screen.getByRole('button', { name: '全部' }));
    expect(screen.getByTestId('v').textContent).toBe('0.00');
  });

  test('form rules: required 请输入转入金额, zero is 请输入正确的金额, a valid amount submits', async () => {
    let submitted: string | null = null;
    render(
      <Wrap>
        <InForm onFinish={(v) => (submitted = v.amount)} />
      </Wrap>,
    );
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入转入金额')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('转入金额'), '0');
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('请输入正确的金额')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '全部' }));
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(submitted).toBe('123.45'));
  });

  test('zh-TW shows its own required message', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    render(
      <Wrap>
        <InForm onFinish={() => {}} />
      </Wrap>,
    );
    await userEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('請輸入轉入金額')).toBeTruthy();
  });
});
