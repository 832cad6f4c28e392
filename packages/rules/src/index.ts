/**
 * @portal/rules — pure domain rules shared by the web app and the server (no I/O).
 * Validators return null when the value is acceptable, else the spec's exact zh-CN message.
 */
export * from './messages.ts';
export * from './credentials.ts';
export * from './contact.ts';
export * from './codes.ts';
export * from './person.ts';
export * from './mask.ts';
export * from './money.ts';
export * from './chineseAmount.ts';
export * from './payout.ts';
export * from './betSlip.ts';
export * from './odds.ts';
export * from './settlement.ts';
export * from './slip.ts';
export * from './clock.ts';
export * from './businessDay.ts';
export * from './layout.ts';
export * from './commonPasswords.ts';
export * from './traditional.ts';
export * from './latinWords.ts';
