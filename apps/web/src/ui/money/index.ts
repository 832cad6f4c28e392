/** Shared money-input pieces (issue 3 venue-entry dialog, issue 4 /mine/transfermoney). */
export { AmountInput, type AmountInputProps } from './AmountInput.tsx';
export { sanitizeAmountText } from './amountText.ts';
export { useAmountRules } from './amountRules.ts';
export { amountText, money, progressPercent, wireAmount, type MoneyValue } from './format.ts';
