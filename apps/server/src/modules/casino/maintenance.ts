/** A venue's maintenance message (0041): set by an operator on the console, answered with 6415 at launch. */
import { StatusCode, type Locale } from '@portal/contract';
import type { DbOrTx } from '../../db/connect.ts';
import { fail } from '../../lib/errors.ts';

export const venueMaintenance = {
  /** Sets (or with null, clears) the message; `toTw` makes its zh-TW form once, here. */
  async set(db: DbOrTx, channelCode: string, message: string | null, toTw: (s: string) => string, by: string, now = Date.now()) {
    if (message === null) {
      await db.deleteFrom('venue_maintenance').where('channel_code', '=', channelCode).execute();
      return;
    }
    const row = { channel_code: channelCode, message_cn: message, message_tw: toTw(message), updated_by: by, updated_at: now };
    const { channel_code: _c, ...rest } = row;
    await db
      .insertInto('venue_maintenance')
      .values(row)
      .onConflict((oc) => oc.column('channel_code').doUpdateSet(rest))
      .execute();
  },
  async messages(db: DbOrTx): Promise<Map<string, string>> {
    const rows = await db.selectFrom('venue_maintenance').select(['channel_code', 'message_cn']).execute();
    return new Map(rows.map((r) => [r.channel_code, r.message_cn]));
  },
};

/** 6415 for a venue in maintenance: the operator's message in the caller's language, else the catalogue's text. */
export async function failVenueMaintenance(db: DbOrTx, channelCode: string, locale: Locale): Promise<never> {
  const r = await db
    .selectFrom('venue_maintenance')
    .select(['message_cn', 'message_tw'])
    .where('channel_code', '=', channelCode)
    .executeTakeFirst();
  if (r) fail(StatusCode.VENUE_UNDER_MAINTENANCE, { message: locale === 'zh-TW' ? r.message_tw : r.message_cn });
  fail(StatusCode.VENUE_UNDER_MAINTENANCE, { key: 'VENUE_MAINTENANCE' });
}
