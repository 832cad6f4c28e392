import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COUNTRY_AREAS, findCountryArea } from '@portal/contract';
import { validateEmail, validateForgotEmail, validatePhone, validatePhoneMiddle } from './contact.ts';

describe('validateEmail', () => {
  it('accepts a@b.c shapes', () => {
    expect(validateEmail('abc@x.com')).toBeNull();
    expect(validateEmail('a.b+tag@mail.example.cn')).toBeNull();
    expect(validateEmail('张三@例子.中国')).toBeNull(); // the spec rule is shape only
  });

  it('rejects spaces, a missing @ and a missing dot after the @', () => {
    for (const bad of [
      '',
      'abc',
      'abc.com',
      'abc@com',
      'a.b@com',
      '@x.com',
      'abc@.',
      'abc@x.',
      'a bc@x.com',
      'abc@x.com ',
      ' abc@x.com',
      'abc@x\u3000.com',
      'a@b@c.com',
    ]) {
      expect(validateEmail(bad), bad).toBe('请输入正确的邮箱');
    }
  });

  it('property: inserting whitespace anywhere makes it fail', () => {
    fc.assert(
      fc.property(fc.constantFrom(' ', '\t', '\u3000', '\n'), fc.nat(), (ws, at) => {
        const email = 'member01@example.com';
        const i = at % (email.length + 1);
        return validateEmail(email.slice(0, i) + ws + email.slice(i)) !== null;
      }),
    );
  });
});

describe('validateForgotEmail', () => {
  it('is required, valid and at most 40', () => {
    expect(validateForgotEmail('')).toBe('请输入邮箱');
    expect(validateForgotEmail('   ')).toBe('请输入邮箱');
    expect(validateForgotEmail('abc')).toBe('请输入正确的邮箱');
    const forty = `${'a'.repeat(34)}@x.com`; // 40
    expect(forty).toHaveLength(40);
    expect(validateForgotEmail(forty)).toBeNull();
    expect(validateForgotEmail(`a${forty}`)).toBe('请输入正确的邮箱');
  });
});

describe('validatePhone', () => {
  it('defaults to China mobile: optional +86, then 1 and 10 digits', () => {
    expect(validatePhone('13812345678')).toBeNull();
    expect(validatePhone('19912345678')).toBeNull();
    expect(validatePhone('1381234567')).toBe('请输入正确的手机号码'); // 10
    expect(validatePhone('23812345678')).toBe('请输入正确的手机号码');
    expect(validatePhone('138 1234 5678')).toBe('请输入正确的手机号码');
    expect(validatePhone('１３８１２３４５６７８')).toBe('请输入正确的手机号码'); // full-width
    expect(validatePhone('')).toBe('请输入正确的手机号码');
  });

  it('caps the input at 11 characters (spec §9 phone max 11)', () => {
    expect(validatePhone('+8613812345678')).toBe('请输入正确的手机号码');
    expect(validatePhone('138123456789')).toBe('请输入正确的手机号码');
  });

  it('uses the selected country regex', () => {
    const hk = findCountryArea('+852')!;
    expect(validatePhone('51234567', hk.regex)).toBeNull();
    expect(validatePhone('13812345678', hk.regex)).toBe('请输入正确的手机号码');
    expect(validatePhone('12345678', '(')).toBe('请输入正确的手机号码'); // broken pattern
  });

  it('property: any 1 + 10 digits passes the default', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), (rest) => validatePhone(`1${rest}`) === null));
  });

  it('China is the default area', () => {
    expect(COUNTRY_AREAS[0]?.areaCode).toBe('+86');
  });
});

describe('validatePhoneMiddle', () => {
  it('is exactly 4 digits', () => {
    expect(validatePhoneMiddle('1234')).toBeNull();
    expect(validatePhoneMiddle('123')).toBe('手机号错误');
    expect(validatePhoneMiddle('12345')).toBe('手机号错误');
    expect(validatePhoneMiddle('12a4')).toBe('手机号错误');
    expect(validatePhoneMiddle('')).toBe('手机号错误');
    expect(validatePhoneMiddle('１２３４')).toBe('手机号错误');
  });
});
