/** Wallet pages under /mine: balances, deposit, transfer, withdraw, records, cards, wait pages. */
export { WalletPage } from './WalletPage.tsx';
export { SaveMoneyPage } from './DepositPage.tsx';
export { TransferMoneyPage } from './TransferPage.tsx';
export { TakeMoneyPage } from './WithdrawPage.tsx';
export { TransRecordPage } from './TransRecordPage.tsx';
export { AddBankCardPage, VirtualCoinCardPage, AlipayManagePage, AccountManagePage, IntroTutorialPage } from './CardsPages.tsx';
export { RechargeWaitPage, TransferWaitPage, VirtualWaitPage, HuiwangWaitPage, XnbskWaitPage } from './WaitPage.tsx';
