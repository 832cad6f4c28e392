import { lazy } from 'react';
import { AccountBookOutlined, BankOutlined, SafetyOutlined, WalletOutlined } from '@ant-design/icons';
import type { ConsolePage } from '../types.ts';

const Withdrawals = lazy(() => import('./WithdrawalsPage.tsx'));
const Deposits = lazy(() => import('./DepositsPage.tsx'));
const Statement = lazy(() => import('./StatementPage.tsx'));
const Ledger = lazy(() => import('./LedgerPage.tsx'));

export const financePages: ConsolePage[] = [
  {
    key: 'withdrawals',
    path: 'finance/withdrawals',
    title: '提款审核',
    icon: <WalletOutlined />,
    permission: 'withdraw.read',
    element: <Withdrawals />,
    group: 'finance',
  },
  {
    key: 'deposits',
    path: 'finance/deposits',
    title: '存款订单',
    icon: <BankOutlined />,
    permission: 'deposit.read',
    element: <Deposits />,
    group: 'finance',
  },
  {
    key: 'statement',
    path: 'finance/statement',
    title: '会员账变',
    icon: <AccountBookOutlined />,
    permission: 'ledger.read',
    element: <Statement />,
    group: 'finance',
  },
  {
    key: 'ledger',
    path: 'finance/ledger',
    title: '平台账户与账本校验',
    icon: <SafetyOutlined />,
    permission: 'ledger.read',
    element: <Ledger />,
    group: 'finance',
  },
];
