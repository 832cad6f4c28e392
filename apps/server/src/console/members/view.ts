/** The console's wire forms of a member and their records: fen, epoch ms, usernames (never internal ids). */
import type { z } from 'zod';
import { maskEmail, maskPhone } from '@portal/rules';
import type { memberProfile, memberRow, riskFlag } from '@portal/contract/console';
import type { Selectable } from 'kysely';
import type { MemberRiskFlagTable } from '../../db/schema.ts';
import type { MemberWithVip } from './repository.ts';

const n = (v: unknown) => Number(v);
const nOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function memberRowOf(m: MemberWithVip): z.input<typeof memberRow> {
  return {
    siteCode: n(m.site_code),
    username: m.name,
    status: m.status === 'disabled' ? 'disabled' : 'active',
    vipGrade: n(m.grade ?? 0),
    phone: m.phone ? maskPhone(m.phone) : null,
    email: m.email ? maskEmail(m.email) : null,
    realName: m.real_name,
    registerIp: m.register_ip,
    createdAt: n(m.created_at),
    lastLoginAt: nOrNull(m.last_login_at),
  };
}

export function memberProfileOf(m: MemberWithVip, vipName: string, liveSessions: number): z.input<typeof memberProfile> {
  return {
    ...memberRowOf(m),
    areaCode: m.area_code,
    gender: m.gender,
    birthday: m.birthday,
    registerDomain: m.register_domain,
    inviteCode: m.icode,
    vipName,
    hasSecondPassword: m.second_password_hash !== null,
    liveSessions,
    passwordChangedAt: n(m.password_changed_at),
  };
}

export const manualFlagOf = (f: Selectable<MemberRiskFlagTable>): z.input<typeof riskFlag> => ({
  id: `m${f.id}`,
  kind: f.kind,
  reason: f.reason,
  source: 'manual',
  by: f.created_by,
  at: n(f.created_at),
  cleared: f.cleared_at !== null,
  clearedBy: f.cleared_by,
  clearedAt: nOrNull(f.cleared_at),
});

/** How the promotions engine names a link in a flag reason (`<via>:<member id>`). */
const VIA_NAMES: Record<string, string> = {
  device: '同设备',
  ip: '同网段',
  'invitee-device': '邀请人同设备',
  'invitee-ip': '邀请人同网段',
};

/** Member ids a flag reason names (the console shows their usernames instead). */
export const idsInReason = (reason: string): string[] =>
  reason
    .split(',')
    .map((p) => p.slice(p.indexOf(':') + 1))
    .filter(Boolean);

/** '设备:abc,ip:def' → '同设备：alice；同网段：bob' (unknown members as '—'). */
export function reasonText(reason: string, names: Map<string, { name: string }>): string {
  return reason
    .split(',')
    .map((part) => {
      const at = part.indexOf(':');
      const via = at < 0 ? part : part.slice(0, at);
      const who = at < 0 ? '' : (names.get(part.slice(at + 1))?.name ?? '—');
      return who ? `${VIA_NAMES[via] ?? via}：${who}` : (VIA_NAMES[via] ?? via);
    })
    .join('；');
}

/** '6222021234567890' → '**** 7890'. */
export const maskCard = (card: string) => `**** ${card.slice(-4)}`;
