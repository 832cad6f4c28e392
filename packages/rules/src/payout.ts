/**
 * Payout targets a member binds for withdrawals: a bank card number and a USDT address. The server
 * checks the same shapes (apps/server/src/modules/withdraw/service.ts) and answers the same messages.
 */

export const PAYOUT_MESSAGES = {
  BANK_REQUIRED: '请选择银行',
  CARD_NO_INVALID: '请输入正确的银行卡号',
  ADDRESS_INVALID: '请输入正确的钱包地址',
} as const;

export type UsdtNetwork = 'TRC20' | 'ERC20';

/** A card number as typed: spaces allowed between groups; 12-19 digits. */
export function normalizeCardNo(str: string): string {
  return str.replace(/\s+/g, '');
}

export function isBankCardNo(str: string): boolean {
  return /^\d{12,19}$/.test(normalizeCardNo(str));
}

/** TRC20: 'T' + 33 base58 characters; ERC20: '0x' + 40 hex digits. */
export function isUsdtAddress(network: UsdtNetwork, address: string): boolean {
  return network === 'TRC20' ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) : /^0x[0-9a-fA-F]{40}$/.test(address);
}

/** '6222020200112233445' → '6222 0202 0011 2233 445' (display while typing). */
export function groupCardNo(str: string): string {
  return normalizeCardNo(str)
    .replace(/\D/g, '')
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
