import { describe, expect, it } from 'vitest';
import { englishLeft } from './latinWords.ts';

describe('englishLeft', () => {
  it('finds Latin words of two letters or more', () => {
    expect(englishLeft('场馆类型 · ZR')).toEqual(['ZR']);
    expect(englishLeft('存款 pending')).toEqual(['pending']);
    expect(englishLeft('AFFILIATE PROGRAMME')).toEqual(['AFFILIATE', 'PROGRAMME']);
  });
  it('passes the allowed words, codes joined to digits and written-out addresses', () => {
    expect(englishLeft('VIP3 专属 · 下载APP · USDT TRC20 · IP地址')).toEqual([]);
    expect(englishLeft('订单 D20261126AB7 用户 walk3x9a1')).toEqual([]);
    expect(englishLeft('扫码访问 https://jade.example/?icode=S8UWWTF7')).toEqual([]);
    expect(englishLeft('a 单个字母')).toEqual([]);
  });
});
