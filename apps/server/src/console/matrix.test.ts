/**
 * The permission matrix: every console endpoint × every role. A role without the endpoint's
 * permission gets 6003 and nothing is written (every table's row count is unchanged) but the audit log's row of the
 * refusal; a role with it gets past the check (any other answer, never a 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROLE_PERMISSIONS, type Role } from '@portal/contract/console';
import { TABLES } from '../http/fuzzKit.ts';
import { createHarness, type Harness } from '../test/harness.ts';
import { consoleDepsOf, consoleRoutes } from './routes.ts';
import { staffSession, type StaffSession } from './testKit.ts';

let h: Harness;
const sessions = new Map<Role, StaffSession>();
beforeAll(async () => {
  h = await createHarness();
  // Each role calls from an address of its own: the per-address request budget (LIMITS.API_PER_IP_PER_MIN) is real.
  for (const [i, role] of ROLES.entries()) sessions.set(role, await staffSession(h, { roles: [role], ip: `10.77.${i}.1` }));
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const endpoints = () => consoleRoutes(h.s, consoleDepsOf(h.s)).map((r) => r.endpoint);
const action = (path: string) => path.replace('/console/api/', '');

async function snapshot(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = await h.count(t);
  return out;
}

describe('the permission matrix', () => {
  it('every endpoint declares a permission of the matrix', () => {
    for (const e of endpoints()) expect(e.permission, e.path).toBeTruthy();
    expect(endpoints().length).toBeGreaterThan(10);
  });

  for (const role of ROLES) {
    it(`${role}: refused (6003, nothing written) where the matrix says no, let through where it says yes`, async () => {
      const s = sessions.get(role)!;
      const granted = new Set<string>(ROLE_PERMISSIONS[role]);
      const guarded = endpoints().filter((e) => e.permission !== 'none' && e.permission !== 'staff');
      const denied = guarded.filter((e) => !granted.has(e.permission));
      const before = await snapshot();
      for (const e of denied) {
        const r = await s.call(action(e.path), {});
        expect(r.status_code, `${role} ${e.path}`).toBe(6003);
      }
      const after = await snapshot();
      expect({ ...after, audit_log: 0 }).toEqual({ ...before, audit_log: 0 });
      // Every refusal is audited, once.
      expect(after.audit_log! - before.audit_log!).toBe(denied.length);
      for (const e of guarded.filter((x) => granted.has(x.permission))) {
        const r = await s.call(action(e.path), {});
        expect(r.status_code, `${role} ${e.path}: ${JSON.stringify(r)}`).not.toBe(6003);
        expect(r.http, `${role} ${e.path}`).toBeLessThan(500);
      }
      if (role === 'auditor')
        expect(
          denied.every((e) => e.mutates),
          'the auditor reads everything',
        ).toBe(true);
    }, 120_000);
  }
});
