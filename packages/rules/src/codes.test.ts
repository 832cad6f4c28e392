import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateCode, validateDeviceCode, validateImageCaptcha } from './codes.ts';

describe('validateCode (forgot password)', () => {
  it('is required, then exactly 6 digits', () => {
    expect(validateCode('')).toBe('请输入验证码');
    expect(validateCode('  ')).toBe('请输入验证码');
    expect(validateCode('12345')).toBe('请输入正确的验证码');
    expect(validateCode('1234567')).toBe('请输入正确的验证码');
    expect(validateCode('12345a')).toBe('请输入正确的验证码');
    expect(validateCode(' 123456')).toBe('请输入正确的验证码');
    expect(validateCode('１２３４５６')).toBe('请输入正确的验证码');
    expect(validateCode('123456')).toBeNull();
    expect(validateCode('000000')).toBeNull();
  });

  it('property: every 6-digit string passes', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{6}$/), (code) => validateCode(code) === null));
  });
});

describe('validateDeviceCode (new device)', () => {
  it('needs a requested code first', () => {
    expect(validateDeviceCode('123456', false)).toBe('请先获取验证码');
    expect(validateDeviceCode('', false)).toBe('请先获取验证码');
  });

  it('then exactly 6 digits', () => {
    expect(validateDeviceCode('', true)).toBe('请输入6位验证码');
    expect(validateDeviceCode('12345', true)).toBe('请输入6位验证码');
    expect(validateDeviceCode('1234567', true)).toBe('请输入6位验证码');
    expect(validateDeviceCode('12345x', true)).toBe('请输入6位验证码');
    expect(validateDeviceCode('123456', true)).toBeNull();
  });
});

describe('validateImageCaptcha', () => {
  it('is required, at most 10', () => {
    expect(validateImageCaptcha('')).toBe('请输入验证码');
    expect(validateImageCaptcha(' ')).toBe('请输入验证码');
    expect(validateImageCaptcha('a')).toBeNull();
    expect(validateImageCaptcha('a'.repeat(10))).toBeNull();
    expect(validateImageCaptcha('a'.repeat(11))).toBe('请输入正确的验证码');
  });
});
