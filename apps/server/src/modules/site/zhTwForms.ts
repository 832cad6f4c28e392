/**
 * Where the zh-TW forms of zh-CN data live (table zh_tw_forms, migration 0035): loaded into the node's
 * ZhTwForms (lib/zhTW.ts) at start, and every form a node converts is written back (shortly after, in one
 * insert), so no node converts a text twice and a restarted node loads no dictionary for known texts.
 * An operator's own form (`setOperatorForm`, the ops CLI's `zh-tw:set`) replaces the converted one.
 */
import type { Db } from '../../db/connect.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { ZhTwForms, type ZhTwOptions } from '../../lib/zhTW.ts';

/** Pause before the converted forms of a burst are written (a page's texts go in one insert). */
const FLUSH_DELAY_MS = 500;
/** Rows per insert (PostgreSQL's parameter limit is far above 5 × this). */
const INSERT_CHUNK = 500;

export async function loadZhTwForms(db: Db, opts: ZhTwOptions & { refreshMs?: number } = {}): Promise<ZhTwForms> {
  const forms = new ZhTwForms(opts);
  const rows = await db.selectFrom('zh_tw_forms').select(['zh_cn', 'zh_tw', 'updated_at']).execute();
  forms.add(rows.map((r) => [r.zh_cn, r.zh_tw] as const));
  // An operator's form set elsewhere (the ops CLI, another node) reaches this node within refreshMs.
  let since = rows.reduce((m, r) => Math.max(m, Number(r.updated_at)), 0);
  const refresh = setInterval(() => {
    void db
      .selectFrom('zh_tw_forms')
      .select(['zh_cn', 'zh_tw', 'updated_at'])
      .where('source', '=', 'operator')
      .where('updated_at', '>', since)
      .execute()
      .then((fresh) => {
        forms.add(fresh.map((r) => [r.zh_cn, r.zh_tw] as const));
        since = fresh.reduce((m, r) => Math.max(m, Number(r.updated_at)), since);
      })
      .catch(() => undefined);
  }, opts.refreshMs ?? 30_000);
  refresh.unref?.();
  forms.stop = () => clearInterval(refresh);
  let timer: ReturnType<typeof setTimeout> | null = null;
  forms.onFresh = () => {
    timer ??= setTimeout(() => {
      timer = null;
      void saveConverted(db, forms.takeFresh()).catch(() => undefined);
    }, FLUSH_DELAY_MS);
    timer.unref?.();
  };
  return forms;
}

/** Writes converted forms; a form already there (another node's, an operator's) stays. */
export async function saveConverted(db: Db, pairs: Array<[string, string]>): Promise<void> {
  const now = Date.now();
  for (let i = 0; i < pairs.length; i += INSERT_CHUNK) {
    const rows = pairs.slice(i, i + INSERT_CHUNK).map(([cn, tw]) => ({
      key: sha256Hex(cn),
      zh_cn: cn,
      zh_tw: tw,
      source: 'opencc' as const,
      updated_at: now,
    }));
    await db
      .insertInto('zh_tw_forms')
      .values(rows)
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

/** The operator's own zh-TW form of a text (kept over any conversion); this node uses it at once, others on restart. */
export async function setOperatorForm(db: Db, forms: ZhTwForms | null, zhCN: string, zhTW: string): Promise<void> {
  const row = { key: sha256Hex(zhCN), zh_cn: zhCN, zh_tw: zhTW, source: 'operator' as const, updated_at: Date.now() };
  await db
    .insertInto('zh_tw_forms')
    .values(row)
    .onConflict((oc) => oc.column('key').doUpdateSet({ zh_tw: zhTW, source: 'operator', updated_at: row.updated_at }))
    .execute();
  forms?.add([[zhCN, zhTW]]);
}
