import type { Db } from '../db/connect.ts';

export interface OutboxEntry {
  kind: string;
  to: string;
  codeId: string | null;
  code: string | null;
  text: string;
  createdAt: string;
}

/**
 * The sandbox providers' record of what a real provider would have delivered (SMS, voice, e-mail) and
 * of every captcha answer, so tests and a developer can drive the real flows. Never used in production.
 */
export class DevOutbox {
  constructor(private readonly db: Db) {}

  async record(siteCode: number, e: Omit<OutboxEntry, 'createdAt'>, now = Date.now()): Promise<void> {
    await this.db
      .insertInto('dev_outbox')
      .values({ site_code: siteCode, kind: e.kind, to: e.to, code_id: e.codeId, code: e.code, text: e.text, created_at: now })
      .execute();
  }

  async list(opts: { limit?: number; to?: string; kind?: string } = {}): Promise<OutboxEntry[]> {
    let q = this.db
      .selectFrom('dev_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(Math.min(opts.limit ?? 100, 1000));
    if (opts.to) q = q.where('to', '=', opts.to);
    if (opts.kind) q = q.where('kind', '=', opts.kind);
    const rows = await q.execute();
    return rows.map((r) => ({
      kind: r.kind,
      to: r.to,
      codeId: r.code_id,
      code: r.code,
      text: r.text,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
