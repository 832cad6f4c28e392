import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test/harness.ts';
import { ageCodes, bindEmail, bindPhone, expectFail, freshMember, memberRow, nextPhone, ok, snapshot, U } from '../../test/flows.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const send = (token: string, body: Record<string, unknown>) => h.call(`${U}sendCode/two`, { version: 1, ...body }, { token });
const verifyOld = (token: string, target: string, code: string) => h.call(`${U}member/verifyOld`, { target, code }, { token });

describe('changing a bound phone: the old phone first', () => {
  it('without re-verification → 6016 请先验证原手机号 (no code sent, nothing changed)', async () => {
    const m = await freshMember(h);
    const old = nextPhone();
    await bindPhone(h, m.token, old);
    const before = await snapshot(h);
    expectFail(await send(m.token, { type: '4', cate: '0', phone: nextPhone(), areaCode: '+86' }), 6016, '请先验证原手机号');
    expect(await snapshot(h)).toEqual(before);
  });

  it('code to the OLD phone (type 8) → verifyOld → code to the new phone → bindPhone; the ticket is then used up', async () => {
    const m = await freshMember(h);
    const old = nextPhone();
    await bindPhone(h, m.token, old);
    await ageCodes(h, `+86${old}`, 61_000);
    const sent = ok(await send(m.token, { type: '8', cate: '0' })).data;
    expect(sent.to).toBe(`${old.slice(0, 3)}****${old.slice(7)}`);
    const oldCode = await h.lastCode(`+86${old}`);
    expectFail(await verifyOld(m.token, 'phone', oldCode === '000000' ? '111111' : '000000'), 6036);
    ok(await verifyOld(m.token, 'phone', oldCode));
    const fresh = nextPhone();
    ok(await send(m.token, { type: '4', cate: '0', phone: fresh, areaCode: '+86' }));
    ok(await h.call(`${U}bindPhone`, { phone: fresh, areaCode: '+86', code: await h.lastCode(`+86${fresh}`) }, { token: m.token }));
    expect((await memberRow(h, m.userId))!.phone).toBe(fresh);
    // A second change needs a new re-verification, of the NEW phone.
    expectFail(await send(m.token, { type: '4', cate: '0', phone: nextPhone(), areaCode: '+86' }), 6016);
  });

  it('type 8 with nothing bound → 6015; an e-mail cate → 6007', async () => {
    const m = await freshMember(h);
    expectFail(await send(m.token, { type: '8', cate: '0' }), 6015);
    expectFail(await verifyOld(m.token, 'phone', '123456'), 6015);
    await bindPhone(h, m.token, nextPhone());
    expectFail(await send(m.token, { type: '8', cate: '1' }), 6007);
  });

  it("another member's re-verification does not open my change, nor mine theirs", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    const pa = nextPhone();
    await bindPhone(h, a.token, pa);
    await bindPhone(h, b.token, nextPhone());
    await ageCodes(h, `+86${pa}`, 61_000);
    ok(await send(a.token, { type: '8', cate: '0' }));
    const code = await h.lastCode(`+86${pa}`);
    // b holds a's code: it checks against b's own bound phone, never a's.
    expectFail(await verifyOld(b.token, 'phone', code), 6036);
    expectFail(await send(b.token, { type: '4', cate: '0', phone: nextPhone(), areaCode: '+86' }), 6016);
    ok(await verifyOld(a.token, 'phone', code));
    expectFail(await send(b.token, { type: '4', cate: '0', phone: nextPhone(), areaCode: '+86' }), 6016);
  });
});

describe('changing a bound e-mail: the old e-mail first', () => {
  it('without re-verification → 6035 请先验证原邮箱; with it the new e-mail binds', async () => {
    const m = await freshMember(h);
    const old = `old.${m.name}@example.com`;
    await bindEmail(h, m.token, old);
    const next = `new.${m.name}@example.com`;
    expectFail(await send(m.token, { type: '5', cate: '1', email: next }), 6035, '请先验证原邮箱');
    await ageCodes(h, old, 61_000);
    ok(await send(m.token, { type: '9', cate: '1' }));
    ok(await verifyOld(m.token, 'email', await h.lastCode(old)));
    ok(await send(m.token, { type: '5', cate: '1', email: next }));
    ok(await h.call(`${U}bindEmail`, { email: next, code: await h.lastCode(next) }, { token: m.token }));
    expect((await memberRow(h, m.userId))!.email).toBe(next);
  });
});

describe('bindFromDeposit: the depositor name becomes the real name', () => {
  const bind = (token: string, realName: string) => h.call(`${U}bindFromDeposit`, { realName }, { token });

  it('binds once by the §5 rules; the same name again is fine, another is 6009', async () => {
    const m = await freshMember(h);
    expectFail(await bind(m.token, '张·'), 6007, '请输入正确的姓名');
    expectFail(await bind(m.token, '张··三'), 6007, '请输入正确的姓名');
    expect(ok(await bind(m.token, ' 张三 ')).data.realName).toBe('张三');
    expect((await memberRow(h, m.userId))!.real_name).toBe('张三');
    ok(await bind(m.token, '张三'));
    expectFail(await bind(m.token, '李四'), 6009, '真实姓名已绑定，不能修改');
    expect((await memberRow(h, m.userId))!.real_name).toBe('张三');
  });

  it("binds only the caller's own name (another member's stays untouched)", async () => {
    const a = await freshMember(h);
    const b = await freshMember(h);
    ok(await bind(a.token, 'Anna·Lee'));
    expect((await memberRow(h, b.userId))!.real_name).toBeNull();
    expectFail(await h.call(`${U}bindFromDeposit`, { realName: '王五', userId: b.userId }, { token: a.token }), 6007);
    expect((await memberRow(h, b.userId))!.real_name).toBeNull();
    expectFail(await h.call(`${U}bindFromDeposit`, { realName: '王五' }), 6001);
  });
});
