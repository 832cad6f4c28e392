import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installIdleGc } from './idleGc.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('idle GC', () => {
  it('collects once when a node falls quiet after requests, never while they keep coming, and not again until new ones', async () => {
    const app = Fastify();
    let collections = 0;
    installIdleGc(app, 100, () => collections++);
    app.get('/x', async () => ({ ok: true }));
    await sleep(350);
    expect(collections).toBe(0); // nothing served yet: nothing to give back
    for (let i = 0; i < 40; i++) {
      await app.inject({ method: 'GET', url: '/x' });
      await sleep(5);
    }
    expect(collections).toBe(0); // busy: a request in every interval
    await sleep(350);
    expect(collections).toBe(1);
    await sleep(350);
    expect(collections).toBe(1);
    await app.inject({ method: 'GET', url: '/x' });
    await sleep(350);
    expect(collections).toBe(2);
    await app.close();
  });

  it('does nothing without an exposed gc', async () => {
    const app = Fastify();
    installIdleGc(app, 10, undefined);
    app.get('/x', async () => ({ ok: true }));
    expect((await app.inject({ method: 'GET', url: '/x' })).statusCode).toBe(200);
    await app.close();
  });
});
