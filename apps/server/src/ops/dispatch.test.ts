import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.ts';
import { listAudit } from './audit.ts';
import { OPS_COMMANDS, usage } from './dispatch.ts';
import { runOpsCommand } from '../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const ops = (...argv: string[]) => runOpsCommand(h, 'alice', ...argv);

describe('operator CLI', () => {
  it('command names are unique and listed in the usage', () => {
    const names = OPS_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(usage()).toContain(n);
  });

  it('an unknown command prints the usage and exits 2, writing nothing', async () => {
    const r = await ops('nope:cmd');
    expect(r.code).toBe(2);
    expect(String(r.out[0])).toContain('usage: npm run ops');
    expect(await h.count('audit_log')).toBe(0);
  });

  it('every command is audited: a read-only one with its arguments, a changing one with target, arguments, result and outcome', async () => {
    expect((await ops('withdraw:list')).code).toBe(0);
    const [list] = await listAudit(h.s.handle.db, { action: 'withdraw:list' });
    expect(list).toMatchObject({ actor: 'alice', outcome: 'ok', actor_kind: 'ops' });
    expect(JSON.parse(list!.detail)).toEqual({ args: [] });

    const failed = await ops('withdraw:reject', 'W-NOT-THERE', '资料', '不符');
    expect(failed.code).toBe(1);
    const [row] = await listAudit(h.s.handle.db, { action: 'withdraw:reject' });
    expect(row).toMatchObject({ actor: 'alice', action: 'withdraw:reject', target: 'W-NOT-THERE', outcome: 'failed' });
    expect(JSON.parse(row!.detail)).toMatchObject({
      args: ['W-NOT-THERE', '资料', '不符'],
      result: { error: expect.stringContaining('W-NOT-THERE') },
    });
  });

  it('a missing argument is a usage error (exit 2), recorded as failed', async () => {
    const r = await ops('withdraw:approve');
    expect(r.code).toBe(2);
    expect(String(r.out[0])).toContain('missing order number');
    const [row] = await listAudit(h.s.handle.db, { action: 'withdraw:approve' });
    expect(row?.outcome).toBe('failed');
  });

  it('audit:list shows the newest first', async () => {
    const r = await ops('audit:list');
    expect(r.code).toBe(0);
    const rows = r.out[0] as Array<{ action: string }>;
    expect(rows.map((x) => x.action)).toEqual(['withdraw:approve', 'withdraw:reject', 'withdraw:list']);
  });
});
