/**
 * The seat's unanswered shots (shots.ts): a lost answer is sent again with the SAME key; a 6302 (the room moved to
 * another node) first re-resolves the room, then resends with the same key; a refusal is final at once; the socket
 * coming back resends the waiting ones now; a shot is given up after MAX_SENDS.
 */
import { describe, expect, it } from 'vitest';
import { StatusCode } from '@portal/contract';
import { ApiError, NETWORK_ERROR } from '../../api/errors.ts';
import { MAX_SENDS, ShotQueue, type ShotOrder } from './shots.ts';

function harness(answers: Array<'ok' | 'lost' | 'moved' | 'refused'>) {
  const sent: string[] = [];
  const log: string[] = [];
  const timers: Array<() => void> = [];
  let n = 0;
  const q = new ShotQueue<string>({
    send: (s) => {
      sent.push(s.key);
      const a = answers[Math.min(n++, answers.length - 1)];
      if (a === 'ok') return Promise.resolve(`answer-${s.key}`);
      if (a === 'lost') return Promise.reject(new ApiError(NETWORK_ERROR, 'lost'));
      if (a === 'moved') return Promise.reject(new ApiError(StatusCode.UID_VERIFICATION, '房间已切换，请重新进入'));
      return Promise.reject(new ApiError(StatusCode.INVALID_PARAMETER, '这条鱼已经游走了'));
    },
    resolve: () => (log.push('resolve'), Promise.resolve()),
    answered: (s, a) => log.push(`answered ${s.key} ${a}`),
    refused: (s) => log.push(`refused ${s.key}`),
    setTimeout: (fn) => timers.push(fn),
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Lets the answers arrive, then runs the backoff timers due. */
  const tick = async () => {
    await settle();
    timers.splice(0).forEach((f) => f());
    await settle();
  };
  return { q, sent, log, tick, timers, settle };
}

const shot = (key: string): ShotOrder => ({ key, fishId: '12.0.1', level: 0, angle: 1 });

describe('unanswered shots', () => {
  it('a lost answer is resent with the same key until answered', async () => {
    const h = harness(['lost', 'lost', 'ok']);
    h.q.fire(shot('k1'));
    for (let i = 0; i < 3; i++) await h.tick();
    expect(h.sent).toEqual(['k1', 'k1', 'k1']);
    expect(h.log).toEqual(['answered k1 answer-k1']);
    expect(h.q.size).toBe(0);
  });

  it('6302: the room is re-resolved, then the shot resent with its key', async () => {
    const h = harness(['moved', 'ok']);
    h.q.fire(shot('k2'));
    await h.tick();
    await h.tick();
    expect(h.sent).toEqual(['k2', 'k2']);
    expect(h.log).toEqual(['resolve', 'answered k2 answer-k2']);
  });

  it('a refusal is final (sent once)', async () => {
    const h = harness(['refused']);
    h.q.fire(shot('k3'));
    await h.tick();
    expect(h.sent).toEqual(['k3']);
    expect(h.log).toEqual(['refused k3']);
  });

  it('the socket back resends the waiting shots at once (the stale backoff sends nothing more)', async () => {
    const h = harness(['lost', 'ok']);
    h.q.fire(shot('k4'));
    await h.settle();
    expect(h.timers).toHaveLength(1);
    h.q.resendNow();
    await h.settle();
    expect(h.log).toEqual(['answered k4 answer-k4']);
    await h.tick();
    expect(h.sent).toEqual(['k4', 'k4']);
  });

  it('gives a shot up after MAX_SENDS', async () => {
    const h = harness(['lost']);
    h.q.fire(shot('k5'));
    for (let i = 0; i < MAX_SENDS + 2; i++) await h.tick();
    expect(h.sent).toHaveLength(MAX_SENDS);
    expect(h.log).toEqual(['refused k5']);
  });
});
