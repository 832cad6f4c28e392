/**
 * 0034_deposit_promo_tickets on an existing database (both engines): every feedback and support conversation
 * gets its readable number in creation order per brand and business day, the counters continue after them,
 * and the numbers are unique per brand.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { nextTicketNo } from '../modules/tickets/ticketNo.ts';
import { emptyDatabase } from '../test/harness.ts';
import type { DbHandle } from './connect.ts';
import { migrate } from './migrate.ts';

const opened: Array<{ handle: DbHandle; dropSchema(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.handle.close();
    await o.dropSchema();
  }
});

// 2026-11-25 15:00 UTC is 2026-11-25 23:00 in Beijing; 16:30 UTC is already 2026-11-26 00:30.
const LATE = Date.UTC(2026, 10, 25, 15, 0);
const NEXT_DAY = Date.UTC(2026, 10, 25, 16, 30);

const feedback = (id: string, site: number, at: number) => ({
  id,
  site_code: site,
  member_id: `m-${id}`,
  type: 'other',
  content: '网站打开速度有点慢，希望改进。',
  images: '[]',
  status: 'pending',
  reply: null,
  replied_by: null,
  replied_at: null,
  reply_read_at: null,
  deleted_at: null,
  created_at: at,
});

describe('0034_deposit_promo_tickets', () => {
  it('numbers the existing feedback and conversations per brand and business day; new numbers continue; unique per brand', async () => {
    const o = await emptyDatabase('t34', 2);
    opened.push(o);
    const h = o.handle;
    const db = h.db as any;
    await migrate(h, '0028_support_desk');
    await db
      .insertInto('feedback')
      .values([feedback('b', 7000, LATE + 1), feedback('a', 7000, LATE), feedback('c', 7001, LATE), feedback('d', 7000, NEXT_DAY)])
      .execute();
    await db
      .insertInto('support_threads')
      .values({ id: 't1', site_code: 7000, owner: 'm:x', member_id: 'x', waiting: 1, created_at: NEXT_DAY, updated_at: NEXT_DAY })
      .execute();
    await migrate(h);
    const rows = await db.selectFrom('feedback').select(['id', 'ticket_no']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'a', ticket_no: 'F20261125-0001' },
      { id: 'b', ticket_no: 'F20261125-0002' },
      { id: 'c', ticket_no: 'F20261125-0001' },
      { id: 'd', ticket_no: 'F20261126-0001' },
    ]);
    expect((await db.selectFrom('support_threads').select('ticket_no').executeTakeFirst()).ticket_no).toBe('S20261126-0001');
    // The sequence goes on after the numbered rows, per brand and kind.
    expect(await nextTicketNo(h.db, 7000, 'F', LATE + 5)).toBe('F20261125-0003');
    expect(await nextTicketNo(h.db, 7000, 'S', NEXT_DAY)).toBe('S20261126-0002');
    expect(await nextTicketNo(h.db, 7002, 'F', NEXT_DAY)).toBe('F20261126-0001');
    await expect(db.updateTable('feedback').set({ ticket_no: 'F20261125-0001' }).where('id', '=', 'b').execute()).rejects.toThrow();
    // Another brand may have the same number.
    expect(rows[2].ticket_no).toBe(rows[0].ticket_no);
    // Deposit orders carry an opted-in promotion (null by default).
    expect(await db.selectFrom('deposit_orders').select('promotion_id').execute()).toEqual([]);
  });
});
