/** Shared money-input pieces (the venue-entry dialog, /mine/transfermoney). */
export { AmountInput, type AmountInputProps } from './AmountInput.tsx';
export { sanitizeAmountText } from './amountText.ts';
export { useAmountRules } from './amountRules.ts';
export { amountText, money, progressPercent, wireAmount, type MoneyValue } from './format.ts';
