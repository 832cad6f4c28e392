/**
 * Issue 27 findings 6 and 7: identity at the door, exclusion matched by who the person is, and an under-18 birthday
 * on file closing play and deposits at once (SQLite; PostgreSQL with DB=postgres).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindPhone, expectFail, nextIp, nextPhone, ok, U, withSiteFlags } from '../../test/flows.ts';
import { createHarness, md5, uniqueName, type Harness } from '../../test/harness.ts';
import { png } from '../uploads/fixtures.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.s.sandboxPayments!.opts.maxDelayMs = 0;
});
afterAll(async () => {
  await h?.close();
});

const PASSWORD = 'Abc12345xy';
const deposit = (token: string, site = 7000) =>
  h.call(
    '/fd/api/v1/payment/pay',
    { channelId: 'bank', amount: '100' },
    { token, site, headers: { 'idempotency-key': `k-${randomUUID()}` } },
  );
const launch = (token: string, site = 7000) => h.call('/game/api/v1/launch', { enName: 'CRDZ', gameCode: 'H5001' }, { token, site });

/** Registration as the page sends it, with the identity fields when given; then the auto-login. */
async function register(site: number, extra: { realName?: string; birthday?: string } = {}, o: { uuid?: string } = {}) {
  const name = uniqueName('id');
  const cap = await h.imageCaptcha(1, site);
  const ip = nextIp();
  const r = await h.call(
    `${U}register`,
    { name, password: md5(PASSWORD), secondPassword: md5(PASSWORD), ...cap, domain: 'http://localhost/', ...extra },
    { site, ip, headers: { 'x-lang': 'zh-CN' }, ...(o.uuid ? { uuid: o.uuid } : {}) },
  );
  if (r.status_code !== 6000) return { r, token: '', userId: '', name };
  const l = ok(
    await h.call(
      `${U}login`,
      { isAgent: 0, name, password: md5(PASSWORD), version: '1.0', kaptchcate: 99, codeId: r.data.codeId, code: r.data.code },
      { site, ip, ...(o.uuid ? { uuid: o.uuid } : {}) },
    ),
  );
  return { r, token: l.data.token as string, userId: l.data.userId as string, name };
}

const excludeAll = async (token: string, site = 7000, uuid?: string) => {
  const body = { kind: 'self_exclusion', period: '6m', allBrands: true, password: md5(PASSWORD) };
  const r = await h.call('/site/api/v1/protection/exclude', body, { token, site, ...(uuid ? { uuid } : {}) });
  expect(r.status_code, JSON.stringify(r)).toBe(6000);
};

describe('finding 6: identity at registration (identityAt register)', () => {
  it('asks real name and date of birth; under 18 refused at the door; a person excluded on every brand cannot open an account on the other brand', async () => {
    await withSiteFlags(h, 7001, { identityAt: 'register' }, async () => {
      expectFail((await register(7001)).r, 6007, '请填写真实姓名和出生日期');
      const young = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
      expectFail((await register(7001, { realName: '李小龙', birthday: young })).r, 6007, '您的年龄未满18，无法游戏哦');

      // She registers on 7000 with her identity, then excludes herself on every brand.
      const uuid = randomUUID();
      const first = await register(7000, { realName: '陈美玲', birthday: '1990-03-08' }, { uuid });
      ok(first.r);
      await excludeAll(first.token, 7000, uuid);
      // On 7001, with the same name and birthday: refused with the catalogue's message.
      const again = await register(7001, { realName: '陈美玲', birthday: '1990-03-08' });
      expectFail(again.r, 6602, '您已申请自我排除，排除期间不能注册新账户');
      // Someone else registers; the same device as the excluded member is flagged for review, not refused.
      const other = await register(7001, { realName: '王大伟', birthday: '1985-01-01' }, { uuid });
      ok(other.r);
      const flags = await h.s.handle.db.selectFrom('member_risk_flags').selectAll().where('member_id', '=', other.userId).execute();
      expect(flags).toMatchObject([{ kind: 'watch', created_by: 'system' }]);
    });
  });
});

describe('finding 6: before the first deposit or play, and matching exclusions by who the person is', () => {
  it('identityAt deposit: deposit and play wait for a verified phone, real name and birthday', async () => {
    const m = await register(7000);
    await withSiteFlags(h, 7000, { identityAt: 'deposit' }, async () => {
      expectFail(await deposit(m.token), 6035, '请先完成身份信息：验证手机号，填写真实姓名和出生日期');
      expectFail(await launch(m.token), 6035);
      await bindPhone(h, m.token, nextPhone());
      expectFail(await deposit(m.token), 6035);
      ok(await h.call(`${U}member/bindOther`, { realName: '赵一鸣', birthday: '1988-08-08' }, { token: m.token }));
      ok(await deposit(m.token));
    });
  });

  it('identityAt play: deposits pass, play waits', async () => {
    const m = await register(7000);
    await withSiteFlags(h, 7000, { identityAt: 'play' }, async () => {
      ok(await deposit(m.token));
      expectFail(await launch(m.token), 6035);
    });
  });

  it('an account opened elsewhere before the exclusion is excluded once its name + birthday match (at completion or login)', async () => {
    const a = await register(7000, { realName: '孙悦', birthday: '1992-12-12' });
    const b = await register(7001);
    await excludeAll(a.token);
    await withSiteFlags(h, 7001, { identityAt: 'deposit' }, async () => {
      await bindPhone(h, b.token, nextPhone(), { site: 7001 });
      ok(await h.call(`${U}member/bindOther`, { realName: '孙悦', birthday: '1992-12-12' }, { token: b.token, site: 7001 }));
      expectFail(await deposit(b.token, 7001), 6602);
    });
  });
});

describe('finding 7: an under-18 birthday on file closes play and deposits at once', () => {
  it('a KYC submission under 18 is refused and the member can no longer deposit or play', async () => {
    const m = await register(7000);
    ok(await deposit(m.token));
    const image = async () =>
      ok(
        await h.call(
          `${U}upload/uploadImage`,
          { purpose: 'kyc', image: png(40, 30, [Math.floor(Math.random() * 255), 3, 90]).toString('base64') },
          { token: m.token },
        ),
      ).data.id as string;
    const young = new Date(Date.now() - 16 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    const r = await h.call(
      '/site/api/v1/protection/kycSubmit',
      {
        realName: '周小杰',
        birthday: young,
        documentType: 'id_card',
        documentNumber: '110101201001011234',
        documentImage: await image(),
        selfieImage: await image(),
      },
      { token: m.token },
    );
    expectFail(r, 6003, '未满18周岁不能使用本服务');
    expectFail(await deposit(m.token), 6003, '未满18周岁不能使用本服务');
    expectFail(await launch(m.token), 6003, '未满18周岁不能使用本服务');
  });
});
