import type { DECRYPTABLE_KEYS } from '@portal/contract';
import { maskEmail, maskPhone, maskRealName } from '@portal/rules';
import type { Member } from './repository.ts';

type Key = (typeof DECRYPTABLE_KEYS)[number];

const FIELDS: Record<Key, { value: (m: Member) => string | null; mask: (s: string) => string }> = {
  phone: { value: (m) => m.phone, mask: maskPhone },
  email: { value: (m) => m.email, mask: maskEmail },
  realName: { value: (m) => m.real_name, mask: maskRealName },
};

/**
 * site/common/singleDataDecryption (spec §3 / §7): one of the member's own data in full — `d` — with `v`, the
 * masked form member/info shows for it, so the client's DD_{key} cache knows when it went stale.
 */
export function singleDataDecryption(member: Member, key: Key) {
  const d = FIELDS[key].value(member);
  return { key, d, v: d === null ? null : FIELDS[key].mask(d) };
}
