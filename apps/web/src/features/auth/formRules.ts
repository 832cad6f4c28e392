/** antd Form rules from the pure validators of @portal/rules (messages mapped to the current language). */
import type { RuleObject } from 'antd/es/form';
import type { ValidationResult } from '@portal/rules';

export function ruleOf(validate: (v: string) => ValidationResult, text: (m: string | null) => string): RuleObject {
  return {
    validator: (_rule, value: unknown) => {
      const m = validate(typeof value === 'string' ? value : value == null ? '' : String(value));
      return m ? Promise.reject(new Error(text(m))) : Promise.resolve();
    },
  };
}
