import { beforeEach, describe, expect, test } from 'vitest';
import {
  STORAGE_KEYS,
  captureReferral,
  clearDecrypted,
  getDecrypted,
  getEdition,
  getHideNoBalance,
  getIcode,
  getOriginUrl,
  getRcode,
  isRememberOn,
  loadRemembered,
  registerDomain,
  saveRemembered,
  setDecrypted,
  setEdition,
  setHideNoBalance,
  deviceUuid,
} from './index.ts';

beforeEach(() => localStorage.clear());

describe('client-stored items (spec §3)', () => {
  test.each([
    ['rcode', 'icode'],
    ['r_code', 'i_code'],
    ['r_Code', 'i_Code'],
    ['rCode', 'iCode'],
  ])('referral aliases %s / %s are stored with the page url', (r, i) => {
    const href = `https://site.example/activity/discount?${r}=R1&${i}=I1`;
    expect(captureReferral(href)).toEqual({ rcode: 'R1', icode: 'I1' });
    expect(getRcode()).toBe('R1');
    expect(getIcode()).toBe('I1');
    expect(getOriginUrl()).toBe(href);
  });

  test('a url without codes keeps the stored ones; register domain carries them', () => {
    captureReferral('https://site.example/?rCode=AB');
    captureReferral('https://site.example/game/sport');
    expect(getRcode()).toBe('AB');
    expect(registerDomain()).toBe('https://site.example/?rCode=AB');
    localStorage.clear();
    captureReferral('https://site.example/#/home?icode=Z9');
    expect(registerDomain()).toContain('icode=Z9');
  });

  test('remember password: timestamp when on, empty when off; credentials sealed', async () => {
    await saveRemembered(true, { name: 'abc123', password: 'Secret123' }, 1_700_000_000_000);
    expect(localStorage.getItem(STORAGE_KEYS.REMEMBER_PASSWORD)).toBe('1700000000000');
    expect(isRememberOn()).toBe(true);
    const raw = localStorage.getItem(STORAGE_KEYS.REMEMBERED_ACCOUNT)!;
    expect(raw).not.toContain('Secret123');
    expect(raw).not.toContain('abc123');
    expect(await loadRemembered()).toEqual({ name: 'abc123', password: 'Secret123' });
    await saveRemembered(false);
    expect(localStorage.getItem(STORAGE_KEYS.REMEMBER_PASSWORD)).toBe('');
    expect(localStorage.getItem(STORAGE_KEYS.REMEMBERED_ACCOUNT)).toBeNull();
    expect(await loadRemembered()).toBeNull();
  });

  test('DD_{key} holds {d, v}; clearDecrypted removes only DD_ items', () => {
    setDecrypted('bank', [1, 2], 'v3');
    localStorage.setItem('other', 'x');
    expect(localStorage.getItem('DD_bank')).toBe(JSON.stringify({ d: [1, 2], v: 'v3' }));
    expect(getDecrypted('bank')).toEqual({ d: [1, 2], v: 'v3' });
    clearDecrypted();
    expect(getDecrypted('bank')).toBeNull();
    expect(localStorage.getItem('other')).toBe('x');
  });

  test('hide-no-balance is 1 / 0; edition defaults to classic; uuid is stable', () => {
    setHideNoBalance(true);
    expect(localStorage.getItem(STORAGE_KEYS.HIDE_NO_BALANCE)).toBe('1');
    setHideNoBalance(false);
    expect(localStorage.getItem(STORAGE_KEYS.HIDE_NO_BALANCE)).toBe('0');
    expect(getHideNoBalance()).toBe(false);
    expect(getEdition()).toBe('classic');
    setEdition('professional');
    expect(getEdition()).toBe('professional');
    expect(deviceUuid()).toBe(deviceUuid());
  });
});
