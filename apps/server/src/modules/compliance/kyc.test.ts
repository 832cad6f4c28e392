import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCentral, expectFail, ok, readyToWithdraw, runOpsCommand, withSiteFlags, FUND_PASSWORD } from '../../test/flows.ts';
import { createHarness, md5, type Harness } from '../../test/harness.ts';
import { png } from '../uploads/fixtures.ts';
import type { MemberCaller } from '../user/caller.ts';
import { memberRepository } from '../user/repository.ts';
import type { KycInput } from './kyc.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const UPLOAD = '/site/api/v1/user/upload/uploadImage';
let seq = 0;
const newMember = () => h.member(undefined, undefined, { ip: `10.77.${Math.floor(++seq / 250)}.${(seq % 250) + 1}` });

/** A MemberCaller as the route layer builds it (the kycSubmit route is the main engineer's). */
function caller(userId: string, locale: 'zh-CN' | 'zh-TW' = 'zh-CN'): MemberCaller {
  return {
    requestId: randomUUID(),
    requestKey: randomUUID(),
    locale,
    site: h.s.sites.get(7000)!,
    ip: '127.0.0.1',
    origin: '',
    uuid: h.uuid,
    client: 'web',
    member: {
      id: userId,
      siteCode: 7000,
      tokenHash: '',
      protection: 0,
      sessionStartedAt: Date.now(),
      name: '',
      row: async () => (await memberRepository.byId(h.s.handle.db, userId))!,
    },
  };
}
/** The caller with the brand's current settings (after withSiteFlags changed them). */
const fresh = (c: MemberCaller): MemberCaller => ({ ...c, site: h.s.sites.get(7000)! });

let shade = 0;
async function uploadKyc(token: string, purpose = 'kyc') {
  shade += 1;
  const image = png(40, 30, [shade % 256, (shade * 7) % 256, 90]).toString('base64');
  return ok(await h.call(UPLOAD, { purpose, image }, { token })).data as { id: string; url: string };
}

async function submission(token: string, over: Partial<KycInput> = {}): Promise<KycInput> {
  return {
    realName: '王小明',
    birthday: '1990-05-17',
    documentType: 'id_card',
    documentNumber: '4401 0119-900517 123x',
    documentImage: (await uploadKyc(token)).id,
    selfieImage: (await uploadKyc(token)).id,
    ...over,
  };
}

async function paidDeposit(memberId: string, fen: number) {
  const now = Date.now();
  await h.s.handle.db
    .insertInto('deposit_orders')
    .values({
      order_no: `D${now}${randomUUID().slice(0, 8)}`,
      member_id: memberId,
      site_code: 7000,
      channel_id: 'test',
      provider: 'sandbox',
      amount: fen,
      fee: 0,
      currency: 'CNY',
      status: 'paid',
      network: null,
      address: null,
      usdt_amount: null,
      signal_code: null,
      created_at: now,
      expires_at: now + 60_000,
      paid_at: now,
    })
    .execute();
}

const latestId = async (memberId: string) =>
  (
    await h.s.handle.db
      .selectFrom('kyc_submissions')
      .select('id')
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

describe('KYC images are private', () => {
  it('a kyc upload has no url and GET /uploads never serves it; an avatar still is', async () => {
    const m = await newMember();
    const kyc = await uploadKyc(m.token);
    expect(kyc.url).toBe('');
    const row = await h.s.handle.db.selectFrom('uploads').select('sha256').where('id', '=', kyc.id).executeTakeFirstOrThrow();
    const get = (sha: string) => h.app.inject({ method: 'GET', url: `/uploads/${sha}` });
    expect((await get(row.sha256)).statusCode).toBe(404);
    const avatar = await uploadKyc(m.token, 'avatar');
    expect((await h.app.inject({ method: 'GET', url: avatar.url })).statusCode).toBe(200);
    // Staff read it through the service (the ops CLI), by upload id.
    expect((await h.s.uploads.staffFile(kyc.id))?.mime).toBe('image/png');
  });

  it("someone else's upload, an avatar upload or one image twice is refused at submit", async () => {
    const a = await newMember();
    const b = await newMember();
    const c = caller(a.userId);
    const theirs = (await uploadKyc(b.token)).id;
    const avatar = (await uploadKyc(a.token, 'avatar')).id;
    const own = (await uploadKyc(a.token)).id;
    for (const over of [{ documentImage: theirs }, { selfieImage: avatar }, { documentImage: own, selfieImage: own }]) {
      const e = await h.s.kyc.submit(c, await submission(a.token, over)).catch((x: unknown) => x);
      expect(e).toMatchObject({ code: 6007, detail: { key: 'KYC_IMAGE_INVALID' } });
    }
    expect((await h.s.kyc.status(a.userId)).status).toBe('none');
  });
});

describe('KYC submission and review', () => {
  it('under 18: refused (KYC_UNDERAGE) and recorded for staff; 18 today is accepted', async () => {
    const m = await newMember();
    const c = caller(m.userId);
    const now = Date.UTC(2026, 5, 10, 4); // 2026-06-10 12:00 in China
    const e = await h.s.kyc.submit(c, await submission(m.token, { birthday: '2008-06-11' }), now).catch((x: unknown) => x);
    expect(e).toMatchObject({ code: 6003, detail: { key: 'KYC_UNDERAGE' } });
    const rows = await h.s.kyc.list({ status: 'rejected' });
    const row = rows.find((r) => r.name === m.name)!;
    expect(row).toMatchObject({ underage: 1, reviewer: 'system', birthday: '2008-06-11' });
    expect(await h.s.kyc.status(m.userId)).toEqual({ status: 'rejected', rejectReason: '未满18周岁不能使用本服务' });
    // A second later (the newest submission is the member's state).
    await h.s.kyc.submit(c, await submission(m.token, { birthday: '2008-06-10' }), now + 1000);
    expect((await h.s.kyc.status(m.userId)).status).toBe('pending');
  });

  it('stores a keyed hash and the last 4 of the number, never the number; pending and verified refuse a second submission', async () => {
    const m = await newMember();
    const c = caller(m.userId);
    await h.s.kyc.submit(c, await submission(m.token));
    const id = await latestId(m.userId);
    const row = await h.s.handle.db.selectFrom('kyc_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.document_last4).toBe('123X');
    expect(row.document_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain('900517');
    const again = await h.s.kyc.submit(c, await submission(m.token)).catch((x: unknown) => x);
    expect(again).toMatchObject({ code: 6009, detail: { key: 'KYC_PENDING' } });
    expect(await h.s.kyc.documentKey(m.userId)).toBeNull();
    expect((await runOpsCommand(h, 'compliance-1', 'kyc:approve', id)).code).toBe(0);
    expect(await h.s.kyc.documentKey(m.userId)).toBe(row.document_hash);
    const verified = await h.s.kyc.submit(c, await submission(m.token)).catch((x: unknown) => x);
    expect(verified).toMatchObject({ code: 6009, detail: { key: 'KYC_VERIFIED' } });
    // The same document (spaces, dashes, case aside) gives the same key on another member: cross-brand matching.
    const other = await newMember();
    await h.s.kyc.submit(caller(other.userId), await submission(other.token, { documentNumber: '44010119900517123X' }));
    const otherRow = await h.s.handle.db
      .selectFrom('kyc_submissions')
      .select('document_hash')
      .where('member_id', '=', other.userId)
      .executeTakeFirstOrThrow();
    expect(otherRow.document_hash).toBe(row.document_hash);
  });

  it('ops: list by status shows usernames; approve sets an empty real name and birthday; reject needs a reason; all audited', async () => {
    const m = await newMember();
    await h.s.kyc.submit(caller(m.userId), await submission(m.token, { realName: '李雷' }));
    const id = await latestId(m.userId);
    const list = await runOpsCommand(h, 'compliance-1', 'kyc:list', '--site', '7000', '--status', 'pending');
    expect(list.code).toBe(0);
    expect(list.out[0]).toEqual(expect.arrayContaining([expect.objectContaining({ id, member: m.name, status: 'pending' })]));
    const show = await runOpsCommand(h, 'compliance-1', 'kyc:show', id);
    expect(show.out[0]).toMatchObject({ member: m.name, realName: '李雷', documentLast4: '123X', status: 'pending' });
    expect((await runOpsCommand(h, 'compliance-1', 'kyc:list', '--status', 'maybe')).code).toBe(2);
    expect((await runOpsCommand(h, 'compliance-1', 'kyc:approve', id)).code).toBe(0);
    const member = await memberRepository.byId(h.s.handle.db, m.userId);
    expect(member).toMatchObject({ real_name: '李雷', birthday: '1990-05-17' });
    // Decided once.
    expect((await runOpsCommand(h, 'compliance-1', 'kyc:reject', id, '照片模糊')).code).toBe(1);

    const n = await newMember();
    await h.s.kyc.submit(caller(n.userId), await submission(n.token));
    const nid = await latestId(n.userId);
    expect((await runOpsCommand(h, 'compliance-2', 'kyc:reject', nid)).code).toBe(2);
    expect((await runOpsCommand(h, 'compliance-2', 'kyc:reject', nid, '照片', '模糊')).code).toBe(0);
    expect(await h.s.kyc.status(n.userId)).toEqual({ status: 'rejected', rejectReason: '照片 模糊' });
    // Rejected: the player may submit again.
    await h.s.kyc.submit(caller(n.userId), await submission(n.token));
    expect((await h.s.kyc.status(n.userId)).status).toBe('pending');

    const audit = await h.s.handle.db.selectFrom('audit_log').selectAll().where('target', 'in', [id, nid]).execute();
    expect(audit.map((a) => [a.action, a.actor, a.outcome])).toEqual(
      expect.arrayContaining([
        ['kyc:approve', 'compliance-1', 'ok'],
        ['kyc:reject', 'compliance-1', 'failed'],
        ['kyc:reject', 'compliance-2', 'ok'],
      ]),
    );
  });

  it('kyc:image writes the private image for staff', async () => {
    const m = await newMember();
    await h.s.kyc.submit(caller(m.userId), await submission(m.token));
    const id = await latestId(m.userId);
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'kyc-')), 'doc.png');
    expect((await runOpsCommand(h, 'compliance-1', 'kyc:image', id, 'document', file)).code).toBe(0);
    expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG');
  });
});

describe('KYC thresholds', () => {
  it('deposits: past the cumulative threshold unverified → 6035 with what to do; pending → 审核中; verified passes', async () => {
    const m = await newMember();
    await withSiteFlags(h, 7000, { kycDepositThresholdFen: 5_000_000 }, async () => {
      const c = fresh(caller(m.userId));
      await paidDeposit(m.userId, 4_000_000);
      await h.s.kyc.requireForDeposit(c, 1_000_000); // exactly at the threshold: still fine
      expect(await h.s.kyc.requiredReason(c)).toBe('');
      const e = await h.s.kyc.requireForDeposit(c, 1_000_001).catch((x: unknown) => x);
      expect(e).toMatchObject({ code: 6035 });
      expect((e as { messageFor(l: string): string }).messageFor('zh-CN')).toBe('累计存款已达50,000元，请先在「责任博彩」页面完成身份验证');
      await paidDeposit(m.userId, 1_000_000);
      expect(await h.s.kyc.requiredReason(fresh(caller(m.userId, 'zh-TW')))).toBe(
        '累計存款已達50,000元，請先在「責任博彩」頁面完成身份驗證',
      );
      await h.s.kyc.submit(c, await submission(m.token));
      const pending = await h.s.kyc.requireForDeposit(c, 100).catch((x: unknown) => x);
      expect(pending).toMatchObject({ code: 6035, detail: { key: 'KYC_PENDING' } });
      expect((await runOpsCommand(h, 'c', 'kyc:approve', await latestId(m.userId))).code).toBe(0);
      await h.s.kyc.requireForDeposit(c, 100_000_000);
      expect(await h.s.kyc.requiredReason(c)).toBe('');
    });
    // Threshold off (0 / unset): never required.
    const other = (await newMember()).userId;
    await withSiteFlags(h, 7000, { kycDepositThresholdFen: 0 }, () => h.s.kyc.requireForDeposit(caller(other), 10 ** 10));
  });

  it('withdrawals above the single-withdrawal threshold need verification (HTTP withdraw/new)', async () => {
    const m = await newMember();
    const cardId = await readyToWithdraw(h, m.token);
    await creditCentral(h, m.userId, 10_000_000);
    const withdraw = (yuan: string) =>
      h.call(
        '/fd/api/v1/withdraw/new',
        { amount: yuan, method: 'bank', targetId: cardId, secondPassword: md5(FUND_PASSWORD) },
        { token: m.token, headers: { 'idempotency-key': `k-${randomUUID()}` } },
      );
    await withSiteFlags(h, 7000, { kycWithdrawThresholdFen: 2_000_000 }, async () => {
      ok(await withdraw('20000'));
      expectFail(await withdraw('20000.01'), 6035, '单笔取款超过20,000元，请先在「责任博彩」页面完成身份验证');
      await h.s.kyc.submit(caller(m.userId), await submission(m.token, { realName: '张三丰' }));
      expectFail(await withdraw('30000'), 6035, '身份验证审核中，请耐心等待');
      expect((await runOpsCommand(h, 'c', 'kyc:approve', await latestId(m.userId))).code).toBe(0);
      ok(await withdraw('30000'));
    });
  });
});
