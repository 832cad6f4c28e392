import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './connect.ts';
import { emptyDatabase } from '../test/harness.ts';
import { preparedDeferred, type UntypedDb } from './prepared.ts';
import { DEFERRED, Pipeline, inlineParameters } from './pgPipeline.ts';

describe('inlining parameters', () => {
  it('writes each $n as a quoted literal, leaves quoted text and identifiers alone, and refuses what has no text form', () => {
    expect(inlineParameters('select $1, $2, $10', [1, "o'k", null, 4, 5, 6, 7, 8, 9, true])).toBe(`select '1', 'o''k', 'true'`);
    expect(inlineParameters(`select '$1', "a$1", x$1, $1`, ['v'])).toBe(`select '$1', "a$1", x$1, 'v'`);
    expect(inlineParameters(`select 'it''s $1', $1`, [2])).toBe(`select 'it''s $1', '2'`);
    expect(inlineParameters('select $2', [1])).toBeNull();
    expect(inlineParameters('select $1', [Buffer.from('x')])).toBeNull();
    expect(inlineParameters('select 1', [])).toBe('select 1');
  });
});

describe('the pipeline of one connection', () => {
  const recorder = () => {
    const sent: string[] = [];
    const p = new Pipeline(async (text, params) => {
      sent.push(params?.length ? `${text} ${JSON.stringify(params)}` : text);
      return [{ command: 'X', rowCount: 1, rows: [{ n: sent.length }], fields: [] }];
    });
    return { sent, p };
  };

  it('sends begin with the first statement and deferred writes with the next one or the commit', async () => {
    const { sent, p } = recorder();
    await p.run('begin', []);
    expect(sent).toEqual([]);
    await p.run('select $1', [1]);
    await p.run(`${DEFERRED}insert into t values ($1)`, ['a']);
    await p.run(`${DEFERRED}insert into t values ($1)`, ['b']);
    expect(sent.length).toBe(1);
    await p.run('update t set x = $1', [2]);
    await p.run(`${DEFERRED}insert into t values ($1)`, ['c']);
    await p.run('commit', []);
    expect(sent).toEqual([
      "begin;\nselect '1'",
      `${DEFERRED}insert into t values ('a');\n${DEFERRED}insert into t values ('b');\nupdate t set x = '2'`,
      `${DEFERRED}insert into t values ('c');\ncommit`,
    ]);
  });

  it('sends nothing for a transaction that ran no statement, and drops deferred writes on rollback', async () => {
    const { sent, p } = recorder();
    await p.run('begin', []);
    await p.run('commit', []);
    await p.run('begin', []);
    await p.run(`${DEFERRED}insert into t values ($1)`, ['a']);
    await p.run('rollback', []);
    expect(sent).toEqual([]);
    await p.run('begin', []);
    await p.run('select 1', []);
    await p.run(`${DEFERRED}insert into t values ($1)`, ['a']);
    await p.run('rollback', []);
    expect(sent).toEqual(['begin;\nselect 1', 'rollback']);
    // Outside a transaction a deferred write goes out at once, as it is.
    await p.run(`${DEFERRED}insert into t values ($1)`, ['z']);
    expect(sent[2]).toBe(`${DEFERRED}insert into t values ($1) ["z"]`);
  });
});

describe('a deferred write in a real transaction (either engine)', () => {
  let h: { handle: DbHandle; dropSchema(): Promise<void> };
  let db: UntypedDb;
  const add = preparedDeferred((d: UntypedDb, id: string, n: number) => d.insertInto('pipe_t').values({ id, n }), ['', 0]);
  beforeAll(async () => {
    h = await emptyDatabase('pipe');
    db = h.handle.db as unknown as UntypedDb;
    await sql`create table pipe_t (id text primary key, n integer not null check (n >= 0))`.execute(db);
  });
  afterAll(async () => {
    await h.handle.close();
    await h.dropSchema();
  });
  const ids = async () => (await db.selectFrom('pipe_t').select('id').orderBy('id').execute()).map((r) => r.id as string);

  it('commits with its transaction; its failure fails the transaction whole; a rollback leaves nothing', async () => {
    await db.transaction().execute(async (tx) => {
      await add(tx, 'a', 1);
      await tx.insertInto('pipe_t').values({ id: 'b', n: 2 }).execute();
      await add(tx, 'c', 3);
    });
    expect(await ids()).toEqual(['a', 'b', 'c']);
    // A deferred write that breaks a constraint: the transaction does not commit, nothing of it stays.
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.insertInto('pipe_t').values({ id: 'd', n: 4 }).execute();
        await add(tx, 'e', -1);
      }),
    ).rejects.toThrow();
    await expect(
      db.transaction().execute(async (tx) => {
        await add(tx, 'f', 1);
        throw new Error('step refused');
      }),
    ).rejects.toThrow('step refused');
    expect(await ids()).toEqual(['a', 'b', 'c']);
    // The connection is usable afterwards (no transaction left open on it).
    await add(db, 'g', 7);
    expect(await ids()).toEqual(['a', 'b', 'c', 'g']);
  });
});
