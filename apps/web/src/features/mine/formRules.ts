import type { ValidationResult } from '@portal/rules';

/** An antd form rule from a @portal/rules validator (its message is the spec's exact text). */
export function ruleOf(validate: (v: string) => ValidationResult) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      const message = validate(typeof value === 'string' ? value : value == null ? '' : String(value));
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
