/**
 * The client's decrypted-data cache (spec §3 DD_{key} holding {d, v}; §9 "Decrypted cache keys prefixed DD_"):
 * a datum member/info masks (hideRealNumber) is asked in full from site/common/singleDataDecryption once, kept
 * as DD_{key} = {d: the value, v: the masked form it belongs to}, and asked again only when the masked value
 * shown now differs from v (the member changed it). Every DD_ item goes at logout, at login and when the login
 * expires (stores/session.ts, client.ts).
 */
import { siteApi, type DECRYPTABLE_KEYS } from '@portal/contract';
import { getDecrypted, setDecrypted } from '../storage/index.ts';
import { call } from './client.ts';

export type DecryptableKey = (typeof DECRYPTABLE_KEYS)[number];

/** The full value behind `shown` (member/info's masked value of `key`); null when nothing is bound. */
export async function decryptedData(key: DecryptableKey, shown: string | null): Promise<string | null> {
  if (shown === null) return null;
  const cached = getDecrypted<string | null>(key);
  if (cached && cached.v === shown) return cached.d;
  const r = await call(siteApi.singleDataDecryption, { key });
  setDecrypted(key, r.d, r.v ?? '');
  return r.d;
}
