/**
 * Currency rates of the wallet: USDT deposits and withdrawals convert at the same rate.
 * Sandbox rate: CNY per USDT (a live deployment reads it from its rate source).
 */
export const USDT_RATE = '7.20';
