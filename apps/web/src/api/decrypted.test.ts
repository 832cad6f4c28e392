import { beforeEach, describe, expect, test } from 'vitest';
import { mockApi, ok } from '../test/authTestUtils.tsx';
import { getDecrypted, setToken } from '../storage/index.ts';
import { clearRequestCache } from './client.ts';
import { decryptedData } from './decrypted.ts';

beforeEach(() => {
  localStorage.clear();
  clearRequestCache();
  setToken('tok');
});

describe('DD_ decrypted cache (singleDataDecryption)', () => {
  test('asks once, keeps {d, v} as DD_phone, answers from it while the masked value is the same, asks again when it changed', async () => {
    let phone = '13912345678';
    const calls = mockApi({
      singleDataDecryption: () => ok({ key: 'phone', d: phone, v: `${phone.slice(0, 3)}****${phone.slice(7)}` }),
    });
    expect(await decryptedData('phone', '139****5678')).toBe('13912345678');
    expect(calls.filter((c) => c.path.endsWith('site/common/singleDataDecryption'))).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ key: 'phone' });
    expect(localStorage.getItem('DD_phone')).toBe(JSON.stringify({ d: '13912345678', v: '139****5678' }));
    expect(await decryptedData('phone', '139****5678')).toBe('13912345678');
    expect(calls.filter((c) => c.path.endsWith('singleDataDecryption'))).toHaveLength(1);
    // The member bound another phone: member/info masks it differently, the cache is stale.
    phone = '13800001111';
    expect(await decryptedData('phone', '138****1111')).toBe('13800001111');
    expect(calls.filter((c) => c.path.endsWith('singleDataDecryption'))).toHaveLength(2);
    expect(getDecrypted('phone')).toEqual({ d: '13800001111', v: '138****1111' });
  });

  test('nothing bound: no call', async () => {
    const calls = mockApi({});
    expect(await decryptedData('email', null)).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
