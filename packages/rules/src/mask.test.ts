import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { maskEmail, maskPhone, maskRealName, phoneMiddle } from './mask.ts';

describe('maskPhone / phoneMiddle', () => {
  it('masks the 4 digits before the last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(phoneMiddle('13812345678')).toBe('1234');
    expect(maskPhone('51234567')).toBe('****4567'); // 8-digit Hong Kong number
    expect(phoneMiddle('51234567')).toBe('5123');
    expect(maskPhone('+8613812345678')).toBe('+86138****5678');
  });

  it('handles short values without revealing them', () => {
    expect(maskPhone('123456')).toBe('**3456');
    expect(phoneMiddle('123456')).toBe('12');
    expect(maskPhone('1234')).toBe('****');
    expect(maskPhone('')).toBe('');
  });

  it('property: keeps the length, and unmasking with phoneMiddle gives the phone back', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8,15}$/), (phone) => {
        const masked = maskPhone(phone);
        return masked.length === phone.length && masked.replace('****', phoneMiddle(phone)) === phone;
      }),
    );
    fc.assert(fc.property(fc.string(), (s) => maskPhone(s).length === s.length));
  });
});

describe('maskEmail', () => {
  it('keeps the first 2 characters of the local part and the domain', () => {
    expect(maskEmail('abcdef@x.com')).toBe('ab****@x.com');
    expect(maskEmail('abcdefghijkl@x.com')).toBe('ab****@x.com');
    expect(maskEmail('ab@x.com')).toBe('a****@x.com');
    expect(maskEmail('a@x.com')).toBe('a****@x.com');
    expect(maskEmail('noatsign')).toBe('no****');
  });
});

describe('maskRealName', () => {
  it('keeps the first character', () => {
    expect(maskRealName('张三丰')).toBe('张**');
    expect(maskRealName('张三')).toBe('张*');
    expect(maskRealName('张')).toBe('张');
    expect(maskRealName('')).toBe('');
    expect(maskRealName('𠀋𠀋')).toBe('𠀋*'); // astral Han characters count once
  });
});
