import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFail, ok, withSiteFlags } from '../../test/flows.ts';
import { createHarness, type Harness } from '../../test/harness.ts';

/** Issue 27 finding 3: open deposit orders count toward the KYC deposit threshold (SQLite; PostgreSQL with DB=postgres). */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  h.s.sandboxPayments!.opts.maxDelayMs = 0;
});
afterAll(async () => {
  await h?.close();
});

const pay = (token: string, amount: string) =>
  h.call('/fd/api/v1/payment/pay', { channelId: 'bank', amount }, { token, headers: { 'idempotency-key': `k-${randomUUID()}` } });

describe('KYC deposit threshold', () => {
  it('two orders just under the threshold: the second is refused while the first is still open', async () => {
    const m = await h.member(undefined, undefined, { ip: '10.66.0.1' });
    await withSiteFlags(h, 7000, { kycDepositThresholdFen: 5_000_000 }, async () => {
      const first = ok(await pay(m.token, '30000'));
      expect(first.data.status).toBe('pending');
      expectFail(await pay(m.token, '30000'), 6035, '累计存款已达50,000元，请先在「责任博彩」页面完成身份验证');
      // Up to the threshold exactly is still fine.
      ok(await pay(m.token, '20000'));
      // A closed order no longer counts.
      ok(await h.call('/fd/api/v1/payment/closeOrder', { orderNo: first.data.orderNo }, { token: m.token }));
      ok(await pay(m.token, '30000'));
    });
  });
});
