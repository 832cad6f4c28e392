import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  USERNAME_INPUT_MAX,
  normalizeUsername,
  validateAgree,
  validateConfirmNewPassword,
  validateForgotUsername,
  validateLoginPassword,
  validateLoginUsername,
  validateNewPassword,
  validateRegisterPassword,
  validateRegisterUsername,
  validateRepeatPassword,
} from './credentials.ts';

const USERNAME_FORMAT = '4-11位，最少2个字母+数字组合，首位为字母';
const PASSWORD_FORMAT = '请输入8-12位字母+数字的组合';

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digitChar = fc.constantFrom(...'0123456789');
const alnum = fc.oneof(letter, digitChar);

/** All the elements of `items` in a random order. */
const permutation = <T>(items: T[]) => fc.shuffledSubarray(items, { minLength: items.length, maxLength: items.length });

/** A valid register username: a letter, then at least one more letter and one digit, 4-11 in all. */
const validUsername = fc
  .tuple(letter, letter, digitChar, fc.array(alnum, { minLength: 1, maxLength: 8 }))
  .chain(([first, l, d, rest]) => permutation([l, d, ...rest]).map((tail) => first + tail.join('')));

/** A valid password: 8-12 letters and digits with at least one of each. */
const validPassword = fc
  .tuple(letter, digitChar, fc.array(alnum, { minLength: 6, maxLength: 10 }))
  .chain(([l, d, rest]) => permutation([l, d, ...rest]).map((a) => a.join('')));

describe('validateRegisterUsername', () => {
  it('requires a value', () => {
    expect(validateRegisterUsername('')).toBe('用户名不能为空');
    expect(validateRegisterUsername('   ')).toBe('用户名不能为空');
    expect(validateRegisterUsername('\u3000')).toBe('用户名不能为空');
  });

  it('accepts 4 and 11 characters, rejects 3 and 12', () => {
    expect(validateRegisterUsername('ab1')).toBe(USERNAME_FORMAT);
    expect(validateRegisterUsername('ab12')).toBeNull();
    expect(validateRegisterUsername('abc12345678')).toBeNull(); // 11
    expect(validateRegisterUsername('abc123456789')).toBe(USERNAME_FORMAT); // 12
  });

  it('needs a leading letter, 2 letters and 1 digit', () => {
    expect(validateRegisterUsername('1abc')).toBe(USERNAME_FORMAT);
    expect(validateRegisterUsername('a123')).toBe(USERNAME_FORMAT); // one letter only
    expect(validateRegisterUsername('abcd')).toBe(USERNAME_FORMAT); // no digit
    expect(validateRegisterUsername('a1b2')).toBeNull();
    expect(validateRegisterUsername('Ab12')).toBeNull();
  });

  it('rejects spaces, symbols, full-width and Chinese characters', () => {
    expect(validateRegisterUsername('ab 12')).toBe(USERNAME_FORMAT);
    expect(validateRegisterUsername(' ab12')).toBe(USERNAME_FORMAT);
    expect(validateRegisterUsername('ab_12')).toBe(USERNAME_FORMAT);
    expect(validateRegisterUsername('ａｂ12')).toBe(USERNAME_FORMAT); // full-width letters
    expect(validateRegisterUsername('ab１２')).toBe(USERNAME_FORMAT); // full-width digits
    expect(validateRegisterUsername('张三ab12')).toBe(USERNAME_FORMAT);
  });

  it('property: every generated valid username passes', () => {
    fc.assert(fc.property(validUsername, (name) => validateRegisterUsername(name) === null));
  });

  it('property: any character outside [A-Za-z0-9] makes it fail', () => {
    const bad = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !/^[A-Za-z0-9]$/.test(c));
    fc.assert(
      fc.property(validUsername, bad, fc.nat(), (name, c, at) => {
        const i = at % (name.length + 1);
        const withBad = name.slice(0, i) + c + name.slice(i);
        return validateRegisterUsername(withBad) !== null;
      }),
    );
  });
});

describe('normalizeUsername', () => {
  it('strips all whitespace, inside too', () => {
    expect(normalizeUsername(' ab 12\t')).toBe('ab12');
    expect(normalizeUsername('ab\u300012')).toBe('ab12');
    expect(USERNAME_INPUT_MAX).toBe(11);
  });

  it('property: a valid name with whitespace sprinkled in normalizes back to valid', () => {
    const ws = fc.constantFrom(' ', '\t', '\u3000', '\n');
    fc.assert(
      fc.property(validUsername, ws, fc.nat(), (name, w, at) => {
        const i = at % (name.length + 1);
        return validateRegisterUsername(normalizeUsername(name.slice(0, i) + w + name.slice(i))) === null;
      }),
    );
  });
});

describe('login fields', () => {
  it('only require a value', () => {
    expect(validateLoginUsername('')).toBe('用户名不能为空');
    expect(validateLoginUsername('  ')).toBe('用户名不能为空');
    expect(validateLoginUsername('x')).toBeNull(); // no format rule at login
    expect(validateLoginPassword('')).toBe('密码不能为空');
    expect(validateLoginPassword('1')).toBeNull();
  });
});

describe('validateRegisterPassword', () => {
  it('requires a value', () => {
    expect(validateRegisterPassword('')).toBe('密码不能为空');
    expect(validateRegisterPassword('  ')).toBe('密码不能为空');
  });

  it('accepts 8 and 12, rejects 7 and 13', () => {
    expect(validateRegisterPassword('abc1234')).toBe(PASSWORD_FORMAT); // 7
    expect(validateRegisterPassword('abc12345')).toBeNull(); // 8
    expect(validateRegisterPassword('abcdef123456')).toBeNull(); // 12
    expect(validateRegisterPassword('abcdef1234567')).toBe(PASSWORD_FORMAT); // 13
  });

  it('needs both a letter and a digit, nothing else', () => {
    expect(validateRegisterPassword('12345678')).toBe(PASSWORD_FORMAT);
    expect(validateRegisterPassword('abcdefgh')).toBe(PASSWORD_FORMAT);
    expect(validateRegisterPassword('abc 12345')).toBe(PASSWORD_FORMAT);
    expect(validateRegisterPassword('abc!12345')).toBe(PASSWORD_FORMAT);
    expect(validateRegisterPassword('ａｂｃ12345')).toBe(PASSWORD_FORMAT);
    expect(validateRegisterPassword('1234567A')).toBeNull();
  });

  it('property: generated valid passwords pass, any foreign character fails', () => {
    fc.assert(fc.property(validPassword, (p) => validateRegisterPassword(p) === null));
    const bad = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((c) => !/^[A-Za-z0-9]$/.test(c));
    fc.assert(fc.property(validPassword, bad, (p, c) => validateRegisterPassword(p.slice(1) + c) !== null));
  });
});

describe('validateRepeatPassword', () => {
  it('applies the same rule, then equality', () => {
    expect(validateRepeatPassword('abc12345', '')).toBe('密码不能为空');
    expect(validateRepeatPassword('abc12345', 'abc1234')).toBe(PASSWORD_FORMAT);
    expect(validateRepeatPassword('abc12345', 'abc12346')).toBe('两次密码输入不一致');
    expect(validateRepeatPassword('abc12345', 'ABC12345')).toBe('两次密码输入不一致'); // case-sensitive
    expect(validateRepeatPassword('abc12345', 'abc12345')).toBeNull();
  });
});

describe('validateAgree', () => {
  it('must be ticked', () => {
    expect(validateAgree(false)).toBe('请同意相关条款和隐私政策');
    expect(validateAgree(true)).toBeNull();
  });
});

describe('forgot password', () => {
  it('username: required, at most 30', () => {
    expect(validateForgotUsername('')).toBe('请输入用户名');
    expect(validateForgotUsername(' ')).toBe('请输入用户名');
    expect(validateForgotUsername('a')).toBeNull();
    expect(validateForgotUsername('a'.repeat(30))).toBeNull();
    expect(validateForgotUsername('a'.repeat(31))).toBe('请输入用户名');
  });

  it('new password: required, then 8-12 letters and digits', () => {
    expect(validateNewPassword('')).toBe('请设置新密码');
    expect(validateNewPassword('abc1234')).toBe(PASSWORD_FORMAT);
    expect(validateNewPassword('abcdef1234567')).toBe(PASSWORD_FORMAT);
    expect(validateNewPassword('abcdefgh')).toBe(PASSWORD_FORMAT);
    expect(validateNewPassword('abc12345')).toBeNull();
    expect(validateNewPassword('abcdef123456')).toBeNull();
  });

  it('confirm: equal to the new password', () => {
    expect(validateConfirmNewPassword('abc12345', '')).toBe('两次密码输入不一致，请重新输入');
    expect(validateConfirmNewPassword('abc12345', 'abc12345 ')).toBe('两次密码输入不一致，请重新输入');
    expect(validateConfirmNewPassword('abc12345', 'abc12345')).toBeNull();
  });
});
