/** The auth forms' rule messages in the current language (ui/ruleText.ts). */
import { useRuleText } from '../../ui/ruleText.ts';

export const useRuleMessage = (): ((message: string | null) => string) => useRuleText('auth');
