import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SEAMLESS_PREFIX } from '@portal/contract';
import { houseAccount, memberAccount } from '../../ledger/accounts.ts';
import { post } from '../../ledger/ledger.ts';
import { verifyLedger } from '../../ledger/verify.ts';
import { createHarness, type Harness } from '../../test/harness.ts';
import { SANDBOX_AGGREGATOR, seamlessAggregators } from './aggregators.ts';
import { SandboxAggregator } from './sandboxAggregator.ts';
import { signSeamless } from './signing.ts';
import { SEAMLESS_TOKEN_TTL_MS } from './service.ts';
import { central, fundedPlayer, injectTransport, locked, sandboxAggregator } from './testKit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

const id = (p: string) => `${p}-${randomUUID()}`;
const agg = () => sandboxAggregator(h);
const SECRET = () => seamlessAggregators(h.config).get(SANDBOX_AGGREGATOR)!;
type Player = Awaited<ReturnType<typeof fundedPlayer>>;
const fund = (userId: string, fen: number) =>
  h.s.handle.db.transaction().execute((tx) =>
    post(tx, {
      kind: 'deposit',
      currency: 'CNY',
      refType: 'test',
      refId: userId,
      memberId: userId,
      lines: [
        { account: houseAccount('clearing', 'test'), amount: -fen },
        { account: memberAccount(userId, 'central'), amount: fen },
      ],
    }),
  );
const who = (p: Player, roundId = id('R')) => ({ token: p.token, playerId: p.playerId, roundId, currency: 'CNY' });
/** Rows the callbacks may write: a refused request must leave all of them as they were. */
const written = async () => ({
  requests: await h.count('seamless_requests'),
  txs: await h.count('seamless_transactions'),
  journals: await h.count('ledger_journals'),
});

describe('signing and parsing', () => {
  const send = (op: string, raw: string, headers: Record<string, string>) =>
    h.app.inject({
      method: 'POST',
      url: `${SEAMLESS_PREFIX}/${op}`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw,
    });

  it('a wrong signature, a stale timestamp or an unknown aggregator answers INVALID_SIGNATURE and writes nothing', async () => {
    const p = await fundedPlayer(h, 1000);
    const raw = JSON.stringify({ aggregatorId: SANDBOX_AGGREGATOR, requestId: id('q'), ...who(p), transactionId: id('B'), amount: 100 });
    const before = await written();
    const ts = String(Date.now());
    for (const headers of <Record<string, string>[]>[
      { 'x-aggregator-id': SANDBOX_AGGREGATOR, 'x-timestamp': ts, 'x-signature': 'ab'.repeat(32) },
      { 'x-aggregator-id': 'NOBODY', 'x-timestamp': ts, 'x-signature': 'ab'.repeat(32) },
      { 'x-aggregator-id': SANDBOX_AGGREGATOR, 'x-timestamp': ts },
    ]) {
      const r = await send('bet', raw, headers);
      expect([r.statusCode, r.json()]).toEqual([401, { status: 'INVALID_SIGNATURE', requestId: null }]);
    }
    // A correct signature over a timestamp outside the skew window (either side).
    for (const skew of [-6 * 60_000, 6 * 60_000]) {
      const old = String(Date.now() + skew);
      const r = await send('bet', raw, {
        'x-aggregator-id': SANDBOX_AGGREGATOR,
        'x-timestamp': old,
        'x-signature': signSeamless(SECRET(), old, raw),
      });
      expect(r.json().status).toBe('INVALID_SIGNATURE');
    }
    // The same request signed now is accepted: what the refusals above refused was the signature alone.
    expect(await written()).toEqual(before);
    const now = String(Date.now());
    const ok = await send('bet', raw, {
      'x-aggregator-id': SANDBOX_AGGREGATOR,
      'x-timestamp': now,
      'x-signature': signSeamless(SECRET(), now, raw),
    });
    expect(ok.json().status).toBe('OK');
    expect(await central(h, p.userId)).toBe(900);
  });

  it('malformed JSON, unknown fields, an unknown op or a body of another aggregator answer INVALID_REQUEST and write nothing', async () => {
    const p = await fundedPlayer(h, 1000);
    const before = await written();
    const t = injectTransport(h);
    const signed = async (op: string, raw: string) => {
      const ts = String(Date.now());
      return t(op as 'bet', raw, {
        'content-type': 'application/json',
        'x-aggregator-id': SANDBOX_AGGREGATOR,
        'x-timestamp': ts,
        'x-signature': signSeamless(SECRET(), ts, raw),
      });
    };
    const good = { aggregatorId: SANDBOX_AGGREGATOR, requestId: id('q'), ...who(p), transactionId: id('B'), amount: 100 };
    for (const [op, raw] of [
      ['bet', '{"aggregatorId": "SANDBOX", '],
      ['bet', JSON.stringify({ ...good, extra: 1 })],
      ['bet', JSON.stringify({ ...good, amount: 1.5 })],
      ['bet', JSON.stringify({ ...good, aggregatorId: 'OTHER' })],
      ['bet', '{"__proto__": {"x": 1}}'],
      ['transfer', JSON.stringify(good)],
    ] as const) {
      const r = await signed(op, raw);
      expect(r.http).toBe(400);
      expect(JSON.parse(r.text).status).toBe('INVALID_REQUEST');
    }
    expect(await written()).toEqual(before);
  });

  it('a crash answers INTERNAL with no stack', async () => {
    const spy = vi.spyOn(h.s.seamless, 'handle').mockRejectedValueOnce(new Error('boom at /secret/path.ts:1'));
    const r = await h.app.inject({
      method: 'POST',
      url: `${SEAMLESS_PREFIX}/balance`,
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    spy.mockRestore();
    expect([r.statusCode, r.body]).toEqual([500, '{"status":"INTERNAL","requestId":null}']);
  });
});

describe('authenticate and balance', () => {
  it('answers the player and the central balance; an unknown token is INVALID_TOKEN', async () => {
    const p = await fundedPlayer(h, 12_345);
    expect(await agg().call('authenticate', { token: p.token })).toEqual({
      status: 'OK',
      requestId: expect.any(String),
      playerId: p.playerId,
      currency: 'CNY',
      balance: 12_345,
    });
    expect((await agg().call('balance', { token: p.token, playerId: p.playerId })).balance).toBe(12_345);
    expect((await agg().call('authenticate', { token: 'x'.repeat(43) })).status).toBe('INVALID_TOKEN');
    expect((await agg().call('balance', { token: p.token, playerId: '7000_someone' })).status).toBe('INVALID_TOKEN');
  });
});

describe('bets: once per transaction id', () => {
  it('a repeated request id answers the same bytes; the same transaction under a new request id is DUPLICATE_TRANSACTION', async () => {
    const p = await fundedPlayer(h, 10_000);
    const body = { ...who(p), transactionId: id('B'), amount: 2_500 };
    const raws: string[] = [];
    const t = injectTransport(h);
    const spyA = new SandboxAggregator(
      async (op, raw, headers) => {
        const r = await t(op, raw, headers);
        raws.push(r.text);
        return r;
      },
      SECRET(),
      SANDBOX_AGGREGATOR,
    );
    const first = await spyA.call('bet', body, 'q-fixed-request-1');
    await spyA.call('bet', body, 'q-fixed-request-1');
    expect(raws[1]).toBe(raws[0]);
    expect(first).toMatchObject({ status: 'OK', balance: 7_500 });
    const again = await spyA.call('bet', body);
    expect(again).toMatchObject({ status: 'DUPLICATE_TRANSACTION', balance: 7_500, transactionId: body.transactionId });
    expect(await central(h, p.userId)).toBe(7_500);
    expect(await locked(h, p.userId)).toBe(2_500);
  });

  it('the same transaction id with another body is TRANSACTION_CONFLICT and moves nothing', async () => {
    const p = await fundedPlayer(h, 10_000);
    const body = { ...who(p), transactionId: id('B'), amount: 1_000 };
    expect((await agg().call('bet', body)).status).toBe('OK');
    const r = await agg().call('bet', { ...body, amount: 2_000 });
    expect(r).toMatchObject({ status: 'TRANSACTION_CONFLICT', balance: 9_000 });
    // A win may not reuse a bet's transaction id either.
    expect((await agg().call('win', { ...body, amount: 5 })).status).toBe('TRANSACTION_CONFLICT');
    expect(await central(h, p.userId)).toBe(9_000);
  });

  it('insufficient funds is refused and moves nothing; the same request id answers the refusal again', async () => {
    const p = await fundedPlayer(h, 500);
    const body = { ...who(p), transactionId: id('B'), amount: 501 };
    expect(await agg().call('bet', body, 'q-poor-request-1')).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 500 });
    expect(await central(h, p.userId)).toBe(500);
    expect(await locked(h, p.userId)).toBe(0);
    // The request id's answer is stored, not recomputed: funded since, its retry still answers the refusal it got.
    await fund(p.userId, 1_000);
    expect(await agg().call('bet', body, 'q-poor-request-1')).toMatchObject({ status: 'INSUFFICIENT_FUNDS', balance: 500 });
    expect(await central(h, p.userId)).toBe(1_500);
    // A new request for the same transaction is a new attempt.
    expect(await agg().call('bet', body)).toMatchObject({ status: 'OK', balance: 999 });
  });

  it('an expired or revoked token, or a disabled member, refuses bets but never wins or rollbacks', async () => {
    const p = await fundedPlayer(h, 5_000);
    const round = who(p);
    const bet = { ...round, transactionId: id('B'), amount: 1_000 };
    expect((await agg().call('bet', bet)).status).toBe('OK');
    await h.s.seamless.revokeLaunchTokens(p.userId);
    expect((await agg().call('bet', { ...round, transactionId: id('B'), amount: 1 })).status).toBe('INVALID_TOKEN');
    expect((await agg().call('authenticate', { token: p.token })).status).toBe('INVALID_TOKEN');
    await h.s.handle.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', p.userId).execute();
    const rb = await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: bet.transactionId });
    expect(rb).toMatchObject({ status: 'OK', balance: 5_000 });
    expect(await agg().call('win', { ...round, transactionId: id('W'), amount: 700, roundClosed: true })).toMatchObject({
      status: 'OK',
      balance: 5_700,
    });

    const q = await fundedPlayer(h, 5_000, Date.now() - SEAMLESS_TOKEN_TTL_MS - 1);
    expect((await agg().call('bet', { ...who(q), transactionId: id('B'), amount: 1 })).status).toBe('INVALID_TOKEN');
    expect((await agg().call('win', { ...who(q), transactionId: id('W'), amount: 300 })).balance).toBe(5_300);
    const r = await fundedPlayer(h, 5_000);
    await h.s.handle.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', r.userId).execute();
    expect((await agg().call('bet', { ...who(r), transactionId: id('B'), amount: 1 })).status).toBe('PLAYER_BLOCKED');
    expect(await central(h, r.userId)).toBe(5_000);
  });
});

describe('rollbacks and rounds', () => {
  it('a rollback before its bet leaves a tombstone: the late bet is refused and moves nothing', async () => {
    const p = await fundedPlayer(h, 3_000);
    const round = who(p);
    const betId = id('B');
    expect(await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: betId })).toMatchObject({
      status: 'OK',
      balance: 3_000,
    });
    expect(await agg().call('bet', { ...round, transactionId: betId, amount: 1_000 })).toMatchObject({
      status: 'BET_ALREADY_ROLLED_BACK',
      balance: 3_000,
    });
    expect(await locked(h, p.userId)).toBe(0);
  });

  it('a bet rolls back once; a win is never rolled back; a settled stake is refunded by a new journal', async () => {
    const p = await fundedPlayer(h, 10_000);
    const round = who(p);
    const b1 = { ...round, transactionId: id('B'), amount: 1_000 };
    const b2 = { ...round, transactionId: id('B'), amount: 2_000 };
    await agg().call('bet', b1);
    await agg().call('bet', b2);
    expect((await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: b1.transactionId })).balance).toBe(
      8_000,
    );
    const twice = await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: b1.transactionId });
    expect(twice.status).toBe('BET_ALREADY_ROLLED_BACK');
    const win = { ...round, transactionId: id('W'), amount: 500, roundClosed: true };
    expect((await agg().call('win', win)).balance).toBe(8_500);
    expect(await locked(h, p.userId)).toBe(0);
    expect((await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: win.transactionId })).status).toBe(
      'ROLLBACK_NOT_ALLOWED',
    );
    // The round closed: no more bets or wins in it, but its settled stake can still be rolled back.
    expect((await agg().call('bet', { ...round, transactionId: id('B'), amount: 1 })).status).toBe('ROUND_CLOSED');
    expect((await agg().call('win', { ...round, transactionId: id('W'), amount: 1 })).status).toBe('ROUND_CLOSED');
    expect((await agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: b2.transactionId })).balance).toBe(
      10_500,
    );
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });

  it("a rollback of another player's bet, or naming another round, is TRANSACTION_NOT_FOUND", async () => {
    const p = await fundedPlayer(h, 1_000);
    const q = await fundedPlayer(h, 1_000);
    const bet = { ...who(p), transactionId: id('B'), amount: 100 };
    await agg().call('bet', bet);
    const r = await agg().call('rollback', { ...who(q), transactionId: id('RB'), referenceTransactionId: bet.transactionId });
    expect(r.status).toBe('TRANSACTION_NOT_FOUND');
    const otherRound = await agg().call('rollback', { ...who(p), transactionId: id('RB'), referenceTransactionId: bet.transactionId });
    expect(otherRound.status).toBe('TRANSACTION_NOT_FOUND');
    expect(await central(h, p.userId)).toBe(900);
  });

  it('the books stay balanced', async () => {
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('concurrent twins', () => {
  it('a bet sent many times at once, under one request id and under new ones, debits once', async () => {
    const p = await fundedPlayer(h, 10_000);
    const body = { ...who(p), transactionId: id('B'), amount: 1_000 };
    const same = Array.from({ length: 4 }, () => agg().call('bet', body, 'q-twin-request-1'));
    const fresh = Array.from({ length: 4 }, () => agg().call('bet', body));
    const answers = await Promise.all([...same, ...fresh]);
    expect(new Set(answers.slice(0, 4).map((a) => JSON.stringify(a))).size).toBe(1);
    for (const a of answers) {
      expect(['OK', 'DUPLICATE_TRANSACTION']).toContain(a.status);
      expect(a.balance).toBe(9_000);
    }
    expect(answers.filter((a) => a.status === 'OK').length).toBeGreaterThanOrEqual(1);
    expect(await central(h, p.userId)).toBe(9_000);
    expect(await locked(h, p.userId)).toBe(1_000);
  });

  it('a bet and its rollback racing end with nothing debited, whichever lands first', async () => {
    const p = await fundedPlayer(h, 10_000);
    for (let i = 0; i < 6; i++) {
      const round = who(p);
      const bet = { ...round, transactionId: id('B'), amount: 700 };
      const [b, r] = await Promise.all([
        agg().call('bet', bet),
        agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: bet.transactionId }),
      ]);
      expect(r.status).toBe('OK');
      expect(['OK', 'BET_ALREADY_ROLLED_BACK']).toContain(b.status);
    }
    expect(await central(h, p.userId)).toBe(10_000);
    expect(await locked(h, p.userId)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('racing rollbacks', () => {
  it('rollbacks of one bet under several transaction ids, racing each other and the round close, refund it once', async () => {
    const p = await fundedPlayer(h, 10_000);
    for (let i = 0; i < 4; i++) {
      const round = who(p);
      const bet = { ...round, transactionId: id('B'), amount: 1_000 };
      await agg().call('bet', bet);
      const rollback = () => agg().call('rollback', { ...round, transactionId: id('RB'), referenceTransactionId: bet.transactionId });
      await agg().call('bet', { ...round, transactionId: id('B'), amount: 500 });
      const answers = await Promise.all([
        rollback(),
        rollback(),
        agg().call('win', { ...round, transactionId: id('W'), amount: 300, roundClosed: true }),
        rollback(),
      ]);
      const rollbacks = [answers[0]!, answers[1]!, answers[3]!].map((a) => a.status).sort();
      expect(rollbacks).toEqual(['BET_ALREADY_ROLLED_BACK', 'BET_ALREADY_ROLLED_BACK', 'OK']);
      expect(answers[2]!.status).toBe('OK');
    }
    // Each round: the rolled-back bet refunded, the other stake (500) lost, the win (300) paid.
    expect(await central(h, p.userId)).toBe(10_000 - 4 * 200);
    expect(await locked(h, p.userId)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('racing the round close', () => {
  it('bets racing the closing win are either settled with the round or refused: no stake stays held', async () => {
    const p = await fundedPlayer(h, 100_000);
    for (let i = 0; i < 4; i++) {
      const round = who(p);
      await agg().call('bet', { ...round, transactionId: id('B'), amount: 100 });
      const bet = () => agg().call('bet', { ...round, transactionId: id('B'), amount: 100 });
      const answers = await Promise.all([
        bet(),
        bet(),
        agg().call('win', { ...round, transactionId: id('W'), amount: 0, roundClosed: true }),
        bet(),
      ]);
      for (const a of answers) expect(['OK', 'ROUND_CLOSED']).toContain(a.status);
    }
    expect(await locked(h, p.userId)).toBe(0);
    expect(await verifyLedger(h.s.handle.db)).toEqual([]);
  });
});

describe('integrators and operators', () => {
  it('the OpenAPI document lists the five callbacks with their schemas and the status table', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const op of ['authenticate', 'balance', 'bet', 'win', 'rollback'])
      expect(doc.paths[`${SEAMLESS_PREFIX}/${op}`].post.tags).toEqual(['Seamless wallet']);
    expect(doc.paths[`${SEAMLESS_PREFIX}/bet`].post.requestBody.content['application/json'].schema.required).toContain('transactionId');
    expect(doc.tags[0].description).toContain('BET_ALREADY_ROLLED_BACK');
  });

  it('the dev route plays a demo round through the callbacks', async () => {
    const p = await fundedPlayer(h, 1_000);
    const r = await h.app.inject({
      method: 'POST',
      url: '/dev/seamless/round',
      payload: { memberId: p.userId, bets: [100, 200], win: 50 },
    });
    expect(r.json().data.anomalies).toEqual([]);
    // Bet 0 is rolled back (before or after it arrived): 1000 - 200 + 50.
    expect(await central(h, p.userId)).toBe(850);
    expect((await h.app.inject({ method: 'POST', url: '/dev/seamless/round', payload: { memberId: 1 } })).json().status_code).toBe(6007);
  });
});
