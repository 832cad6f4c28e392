/**
 * Issue 27 finding 5: the command line's money commands act as a real staff account — a one-time token from the
 * console, or the account's password and code — never as a self-declared OPERATOR name (SQLite; PostgreSQL with
 * DB=postgres).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberStatus, withdrawalOf } from '../console/financeTestKit.ts';
import { STAFF_PASSWORD, staffSession, type StaffSession } from '../console/testKit.ts';
import { totpNow } from '../console/staffAuth.ts';
import { listAudit } from './audit.ts';
import { runOpsCommand } from '../test/flows.ts';
import { createHarness, type Harness } from '../test/harness.ts';

let h: Harness;
let riskA: StaffSession;
let riskB: StaffSession;
let fin: StaffSession;
let content: StaffSession;
beforeAll(async () => {
  h = await createHarness();
  riskA = await staffSession(h, { roles: ['risk'] });
  riskB = await staffSession(h, { roles: ['risk'] });
  fin = await staffSession(h, { roles: ['finance'] });
  content = await staffSession(h, { roles: ['content'] });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const stage = async (orderNo: string) =>
  (await h.s.handle.db.selectFrom('withdraw_orders').select('stage').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).stage;
const token = async (st: StaffSession) => ({ token: (await st.call('auth/cliToken')).data.token as string });

describe('money commands of the command line', () => {
  it('a self-declared OPERATOR name is refused once staff accounts exist (the shell that approved and paid as three names)', async () => {
    const w = await withdrawalOf(h, 200);
    for (const name of ['ann', 'bob', 'carol']) expect((await runOpsCommand(h, name, 'withdraw:approve', w.orderNo)).code).toBe(3);
    expect((await runOpsCommand(h, 'dave', 'withdraw:payout', w.orderNo)).code).toBe(3);
    expect(await stage(w.orderNo)).toBe('pending');
    const [row] = await listAudit(h.s.handle.db, { action: 'withdraw:approve' });
    expect(row).toMatchObject({ actor: 'carol', outcome: 'failed' });
  });

  it('a one-time console token acts as its staff member, once; four eyes compare real accounts', async () => {
    const w = await withdrawalOf(h, 200);
    const t = await token(riskA);
    expect((await runOpsCommand(h, t, 'withdraw:approve', w.orderNo)).code).toBe(0);
    // The same token again: spent.
    expect((await runOpsCommand(h, t, 'withdraw:payout', w.orderNo)).code).toBe(3);
    // The approver's own fresh token cannot pay (withdraw.pay is not a risk permission either).
    expect((await runOpsCommand(h, await token(riskA), 'withdraw:payout', w.orderNo)).code).toBe(3);
    // A staff member without the permission: refused.
    expect((await runOpsCommand(h, await token(content), 'withdraw:payout', w.orderNo)).code).toBe(3);
    expect((await runOpsCommand(h, await token(fin), 'withdraw:payout', w.orderNo)).code).toBe(0);
    expect(await memberStatus(h, w.token, w.orderNo)).toBeTruthy();
    const rows = await listAudit(h.s.handle.db, { limit: 50 });
    expect(rows.find((r) => r.action === 'withdraw:approve' && r.target === w.orderNo && r.outcome === 'ok')?.actor).toBe(riskA.username);
    expect(rows.find((r) => r.action === 'withdraw:payout' && r.target === w.orderNo && r.outcome === 'ok')?.actor).toBe(fin.username);
  });

  it('above the second-approval amount one person cannot approve twice with two tokens', async () => {
    const w = await withdrawalOf(h, 15_000);
    expect((await runOpsCommand(h, await token(riskA), 'withdraw:approve', w.orderNo)).code).toBe(0);
    expect(await stage(w.orderNo)).toBe('second_review');
    expect((await runOpsCommand(h, await token(riskA), 'withdraw:approve', w.orderNo)).code).not.toBe(0);
    expect(await stage(w.orderNo)).toBe('second_review');
    expect((await runOpsCommand(h, await token(riskB), 'withdraw:approve', w.orderNo)).code).toBe(0);
    expect(await stage(w.orderNo)).toBe('approved');
  });

  it("the account's password and a current code work too; a wrong code is refused and counted", async () => {
    const w = await withdrawalOf(h, 200);
    const wrong = { username: riskB.username, password: STAFF_PASSWORD, code: '000000' };
    expect((await runOpsCommand(h, wrong, 'withdraw:approve', w.orderNo)).code).toBe(3);
    const failures = (await h.s.handle.db.selectFrom('staff').select('failures').where('id', '=', riskB.id).executeTakeFirstOrThrow())
      .failures;
    expect(failures).toBeGreaterThan(0);
    const good = { username: riskB.username, password: STAFF_PASSWORD, code: totpNow(riskB.username, riskB.secret, Date.now() + 30_000) };
    expect((await runOpsCommand(h, good, 'withdraw:approve', w.orderNo)).code).toBe(0);
  });

  it('read-only commands still run under the operator name', async () => {
    expect((await runOpsCommand(h, 'ann', 'withdraw:list')).code).toBe(0);
  });
});
