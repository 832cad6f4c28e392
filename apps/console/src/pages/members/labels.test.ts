import { describe, expect, it } from 'vitest';
import { accountName, betResultName, journalKindName, loginResultName } from './labels.ts';

describe('member screen labels', () => {
  it('names ledger kinds in Chinese, from the portal deal types too, and shows an unknown kind as 其他', () => {
    expect(journalKindName('deposit')).toBe('存款');
    expect(journalKindName('withdraw.paid')).toBe('提款出款');
    expect(journalKindName('sport.payout')).toBe('体育派彩');
    expect(journalKindName('mystery.kind')).toBe('其他（mystery.kind）');
  });
  it('names wallets with their venue', () => {
    expect(accountName('central')).toBe('中心钱包');
    expect(accountName('venue:SBZR')).toBe('场馆钱包（SBZR）');
  });
  it('names sportsbook results (a D… code is a cancellation) and login outcomes', () => {
    expect(betResultName('LW')).toBe('赢半');
    expect(betResultName('D3')).toBe('取消');
    expect(betResultName(null)).toBe('-');
    expect(loginResultName('success')).toBe('成功');
    expect(loginResultName('challenge_6026')).toBe('需验证');
  });
});
